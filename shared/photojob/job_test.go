package photojob_test

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/infra/testkit/testphoto"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/invoke"
	"github.com/verde-app/verde/shared/photojob"
	"github.com/verde-app/verde/shared/store"
)

func TestMain(m *testing.M) { testcloud.Run(m, cloud.Options{SkipSeed: true}) }

// upload makes an upload of u handed out at, processed as an item's request would have it.
func upload(t *testing.T, env *testkit.Env, u testkit.User, at time.Time) (domain.Upload, string) {
	t.Helper()
	ctx := context.Background()
	up := domain.Upload{UserID: u.ID, Purpose: domain.FotoPost, ID: uuid.NewString(), Ext: "jpg"}
	key := domain.QuarantineKey(up.UserID, up.Purpose, up.ID, up.Ext)
	if err := env.Deps.Store.StartUpload(ctx, up, key, at); err != nil {
		t.Fatal(err)
	}
	body := testphoto.JPEG(t, 400, 300)
	if _, err := env.Cloud.S3().PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String(env.Deps.Config.UploadsBucket), Key: aws.String(key), Body: bytes.NewReader(body)}); err != nil {
		t.Fatal(err)
	}
	var out struct{ Key string }
	if err := invoke.Invoke(ctx, "PHOTOS_FUNCTION", map[string]string{"key": key}, &out); err != nil || out.Key == "" {
		t.Fatalf("process: %v", err)
	}
	return up, out.Key
}

func objects(t *testing.T, env *testkit.Env, prefix string) int {
	t.Helper()
	objs, _, err := env.Deps.Uploads.List(context.Background(), prefix, "", 100)
	if err != nil {
		t.Fatal(err)
	}
	return len(objs)
}

// Uploads handed out three days ago: the one a post claimed keeps its photo, whatever the job
// does; the one no item claimed loses its record, its variants and its quarantine object. Uploads
// of yesterday are left alone (their day is not over).
func TestUnclaimedUploadsGoAndClaimedOnesStay(t *testing.T) {
	env := testkit.NewEnv(t)
	u := env.NewUser(t, "Lia Limpeza")
	now := time.Now()
	claimed, claimedKey := upload(t, env, u, now.AddDate(0, 0, -3))
	unclaimed, _ := upload(t, env, u, now.AddDate(0, 0, -3))
	recent, _ := upload(t, env, u, now.AddDate(0, 0, -1))
	ctx := store.WithPhotoClaim(context.Background(), &store.PhotoClaim{Field: "fotos", Uploads: []domain.Upload{claimed}})
	in := domain.PostInput{Texto: "Minha horta", Fotos: []string{claimedKey}}
	if err := in.Valid(); err != nil {
		t.Fatal(err)
	}
	if _, _, err := env.Deps.Store.CreatePost(ctx, in, testkit.Actor(u)); err != nil {
		t.Fatal(err)
	}
	job := photojob.New(env.Deps, cloud.LocalDistribution)
	res, err := job.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if res.Unused != 1 {
		t.Errorf("deleted %d unclaimed uploads, want 1", res.Unused)
	}
	if n := objects(t, env, claimed.FotoDir()); n == 0 {
		t.Error("the claimed photo was deleted")
	}
	if n := objects(t, env, unclaimed.FotoDir()) + objects(t, env, domain.QuarantineKey(unclaimed.UserID, unclaimed.Purpose, unclaimed.ID, unclaimed.Ext)); n != 0 {
		t.Errorf("%d objects of the unclaimed upload left", n)
	}
	if n := objects(t, env, recent.FotoDir()); n == 0 {
		t.Error("yesterday's upload was deleted before its day was over")
	}
	// An upload claimed after the job read it is not deleted: the job deletes the record first,
	// under the condition that it exists, and a claimed upload has none.
	gone, err := env.Deps.Store.ForgetUpload(context.Background(), store.Unused{UserID: u.ID, ID: claimed.ID, Key: "x", Dir: claimed.FotoDir()})
	if err != nil || gone {
		t.Errorf("forgetting a claimed upload: %v %v, want false", gone, err)
	}
	// The claimed upload cannot be claimed again.
	ctx = store.WithPhotoClaim(context.Background(), &store.PhotoClaim{Field: "fotos", Uploads: []domain.Upload{claimed}})
	in.Texto = "De novo a mesma foto"
	if _, _, err := env.Deps.Store.CreatePost(ctx, in, testkit.Actor(u)); domain.ErrorCode(err) != domain.EValidation {
		t.Errorf("second claim: %v, want a 400", err)
	}
}

// An erased account's directory is invalidated with one wildcard path, once.
func TestReleasedAccountIsInvalidatedOnce(t *testing.T) {
	env := testkit.NewEnv(t)
	u := env.NewUser(t, "Ana Apagada")
	if err := env.Deps.Store.ReleasePhotoDirs(context.Background(), time.Now(), domain.PhotoKeyPrefix(u.ID)); err != nil {
		t.Fatal(err)
	}
	before := len(env.Cloud.Invalidations())
	job := photojob.New(env.Deps, cloud.LocalDistribution)
	if _, err := job.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, err := job.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	var found int
	for _, inv := range env.Cloud.Invalidations()[before:] {
		for _, p := range inv.Paths {
			if p == "/media/fotos/"+u.ID+"/*" {
				found++
			}
		}
	}
	if found != 1 {
		t.Errorf("the account's path was invalidated %d times, want once", found)
	}
}

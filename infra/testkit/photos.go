package testkit

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/google/uuid"

	"github.com/verde-app/verde/infra/testkit/testphoto"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/invoke"
)

// JPEG is a small real JPEG (w×h, a green gradient; testphoto has the others).
func JPEG(t testing.TB, w, h int) []byte { return testphoto.JPEG(t, w, h) }

// PutPhoto uploads body as u would, without the HTTP round trips: the upload's record (as
// POST /api/uploads writes it) and the object under a fresh quarantine key of u's prefix (as
// the presigned PUT writes it). It returns the key an item names.
func (e *Env) PutPhoto(t testing.TB, u User, body []byte, ext string) string {
	t.Helper()
	up := domain.Upload{UserID: u.ID, Purpose: domain.FotoDiario, ID: uuid.NewString(), Ext: ext}
	key := domain.QuarantineKey(up.UserID, up.Purpose, up.ID, up.Ext)
	if err := e.Deps.Store.StartUpload(context.Background(), up, key, time.Now()); err != nil {
		t.Fatalf("start upload: %v", err)
	}
	_, err := e.Cloud.S3().PutObject(context.Background(), &s3.PutObjectInput{
		Bucket: aws.String(e.Deps.Config.UploadsBucket), Key: aws.String(key), Body: bytes.NewReader(body),
	})
	if err != nil {
		t.Fatalf("put photo: %v", err)
	}
	return key
}

// ProcessedPhoto uploads body as u (PutPhoto) and has the photo processor turn it into the
// photo an item stores, as an item's request would (its upload stays unclaimed: a store test
// writes the item itself). It returns the processed key.
func (e *Env) ProcessedPhoto(t testing.TB, u User, body []byte) string {
	t.Helper()
	key := e.PutPhoto(t, u, body, "jpg")
	var out struct{ Key, Refused string }
	if err := invoke.Invoke(context.Background(), "PHOTOS_FUNCTION", map[string]string{"key": key}, &out); err != nil || out.Key == "" {
		t.Fatalf("process %s: %v %s", key, err, out.Refused)
	}
	return out.Key
}

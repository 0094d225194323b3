package kit

import (
	"context"
	"log/slog"
	"slices"
	"sync"

	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/invoke"
	"github.com/verde-app/verde/shared/store"
)

// PhotosFunction names the photo processor's function in the environment.
const PhotosFunction = "PHOTOS_FUNCTION"

// processRequest and processAnswer are the processor's event and answer
// (shared/photoproc.Request, Response; this package does not link the processor).
type processRequest struct {
	Key string `json:"key"`
}

type processAnswer struct {
	Key     string `json:"key"`
	Refused string `json:"refused"`
}

// Photos turns the photo keys an item names into the keys it stores, before anything is
// written. A key in kept (the item's current photos) stays as it is; every other must be an
// upload of uid's own (403 naming field for another member's, 400 for anything else), which
// the photo processor (PhotosFunction, one invocation per upload, in parallel) turns into its
// variants or refuses with the reason as a 400 naming field. The returned context carries the
// claim of the uploads: the item's transaction takes them (store.PhotoClaim), so each upload
// is used once. No DynamoDB call.
func Photos(ctx context.Context, uid, field string, keys []string, kept ...string) (context.Context, []string, error) {
	if len(keys) == 0 {
		return ctx, keys, nil
	}
	if len(keys) > domain.MaxFotos {
		return ctx, nil, domain.ErrTooManyFotos(field)
	}
	var fresh []string
	for _, k := range keys {
		if slices.Contains(kept, k) {
			continue
		}
		// Not a processed photo either, even the member's own that another item shows: each
		// upload belongs to the one item that first named it.
		if err := domain.CheckUploadKeys(field, []string{k}, uid); err != nil {
			return ctx, nil, err
		}
		if !slices.Contains(fresh, k) {
			fresh = append(fresh, k)
		}
	}
	if len(fresh) == 0 {
		return ctx, keys, nil
	}
	answers := make([]processAnswer, len(fresh))
	errs := make([]error, len(fresh))
	var wg sync.WaitGroup
	for i, k := range fresh {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = invoke.Invoke(ctx, PhotosFunction, processRequest{Key: k}, &answers[i])
		}()
	}
	wg.Wait()
	processed := map[string]string{}
	claim := &store.PhotoClaim{Field: field}
	for i, k := range fresh {
		if errs[i] != nil {
			return ctx, nil, errs[i]
		}
		if answers[i].Refused != "" || answers[i].Key == "" {
			return ctx, nil, domain.ErrFotoRefused(field, answers[i].Refused)
		}
		processed[k] = answers[i].Key
		u, _ := domain.ParseUpload(k)
		claim.Uploads = append(claim.Uploads, u)
	}
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = k
		if p, ok := processed[k]; ok {
			out[i] = p
		}
	}
	return store.WithPhotoClaim(ctx, claim), out, nil
}

// ErasePhotos is the photos phase of an account's erasure: up to 1,000 of uid's objects a call
// (processed photos, then uploads still in quarantine), more reporting that some are left.
// Once none is left it records the account's photo directory as released (store.
// ReleasePhotoDirs), so the photos job invalidates all of its paths in CloudFront at once
// (/media/fotos/<uid>/*), and starts that job. Calling it again after that is harmless.
func ErasePhotos(ctx context.Context, d app.Deps, uid string) (deleted int, more bool, err error) {
	for _, prefix := range []string{domain.PhotoKeyPrefix(uid), domain.UploadPrefix(uid)} {
		n, more, err := d.Uploads.DeletePrefix(ctx, prefix)
		deleted += n
		if err != nil || more {
			return deleted, more, err
		}
	}
	if err := d.Store.ReleasePhotoDirs(ctx, d.Now(), domain.PhotoKeyPrefix(uid)); err != nil {
		return deleted, false, err
	}
	StartPhotosJob(ctx)
	return deleted, false, nil
}

// PhotosJob names the photos job's function in the environment.
const PhotosJob = "PHOTOS_JOB_FUNCTION"

// StartPhotosJob starts the photos job (InvocationType Event) after a write that may have
// released photos, so their objects go and their paths are invalidated within seconds rather
// than at the job's daily run. A failed start only delays that until then: it is logged.
func StartPhotosJob(ctx context.Context) {
	if err := invoke.Async(ctx, PhotosJob, map[string]string{"kind": "released"}); err != nil {
		slog.WarnContext(ctx, "photos job not started", "err", err)
	}
}

// Released passes on err from a write that may have released photos, having
// started the photos job when the write was done (err nil).
func Released(ctx context.Context, err error) error {
	if err == nil {
		StartPhotosJob(ctx)
	}
	return err
}

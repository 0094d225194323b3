package kit

import (
	"context"

	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
)

// CheckPhotos is the check of the photo keys an item is about to refer to, before anything is
// written: each is a key under uid's own prefix (else 403 naming field) whose object exists,
// holds at most 5 MB and starts like a JPEG, PNG or WebP (else 400 naming field). One ranged
// GetObject per key, in parallel; no DynamoDB call.
func CheckPhotos(ctx context.Context, d app.Deps, uid, field string, keys ...string) error {
	if len(keys) == 0 {
		return nil
	}
	if len(keys) > domain.MaxFotos {
		return domain.Invalid(field, "Envie no máximo 4 fotos")
	}
	if err := domain.CheckPhotoKeys(field, keys, uid); err != nil {
		return err
	}
	return d.Uploads.CheckAll(ctx, field, keys)
}

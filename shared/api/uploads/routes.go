// Package uploads serves the UploadsFunction: presigned PUTs of photos to the uploads bucket's
// quarantine, under the caller's own prefix. The items that show a photo (diary entry,
// harvest, post, profile, group cover, banner) have it processed (kit.Photos) when they first
// name it.
package uploads

import (
	"net/http"

	"github.com/google/uuid"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// Routes is this area's whole API surface; template.yaml declares the same.
func Routes(d app.Deps) []api.Route {
	return []api.Route{
		{Method: "POST", Path: "/api/uploads", Handler: d.Verifier.Require(handlePresign(d))},
	}
}

// NewServer is the UploadsFunction handler.
func NewServer(d app.Deps) http.Handler { return api.NewMux(Routes(d)) }

// Upload is where and how the browser sends one photo.
type Upload struct {
	Key       string            `json:"key"`
	URL       string            `json:"url"`
	Method    string            `json:"method"`
	Headers   map[string]string `json:"headers"`
	ExpiresAt string            `json:"expiresAt"`
	MaxBytes  int64             `json:"maxBytes"`
}

// handlePresign validates the declared photo (type, bytes, pixels), counts it against the
// member's daily cap and records it as not yet used (one transaction), and signs a PUT of
// exactly that type and size to a fresh quarantine key under their prefix. No S3 call:
// presigning is local.
func handlePresign(d app.Deps) http.Handler {
	return kit.Act(d, http.StatusOK, func(r *http.Request, in domain.UploadInput, actor store.Actor) (Upload, error) {
		ext, err := in.Valid()
		if err != nil {
			return Upload{}, err
		}
		now := d.Now()
		u := domain.Upload{UserID: actor.ID, Purpose: in.Purpose, ID: uuid.NewString(), Ext: ext}
		key := domain.QuarantineKey(u.UserID, u.Purpose, u.ID, u.Ext)
		if err := d.Store.StartUpload(r.Context(), u, key, now); err != nil {
			return Upload{}, err
		}
		put, err := d.Uploads.PresignPut(r.Context(), key, in.ContentType, in.Size, now)
		if err != nil {
			return Upload{}, err
		}
		return Upload{
			Key: key, URL: put.URL, Method: http.MethodPut, Headers: put.Headers,
			ExpiresAt: put.Expires.UTC().Format("2006-01-02T15:04:05Z"), MaxBytes: domain.MaxFotoBytes,
		}, nil
	})
}

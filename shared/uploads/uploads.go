// Package uploads is what the rest of Verde knows of the uploads bucket: its interface
// (Bucket, in S3 as shared/uploads/bucket, wired only in the functions that use it) and the
// plain values its calls take and return. It links no AWS SDK package, so the store and the
// functions without photos or exports start without S3's.
package uploads

import (
	"context"
	"time"
)

// Bucket is the uploads bucket: presigned PUTs of photos to the quarantine prefix, the
// account's listing and erasure of its photos, and the admin exports (shared/dados).
type Bucket interface {
	// PresignPut signs a PUT of exactly size bytes of contentType to key (a quarantine key),
	// once, for Expiry.
	PresignPut(ctx context.Context, key, contentType string, size int64, now time.Time) (PresignedPut, error)
	// List reads one page (at most max) of the objects under prefix, from the continuation
	// token (empty first); next is empty on the last page.
	List(ctx context.Context, prefix, token string, max int) (objs []Object, next string, err error)
	// DeletePrefix deletes up to 1,000 objects under prefix; more reports that some are left.
	DeletePrefix(ctx context.Context, prefix string) (deleted int, more bool, err error)
	// DeleteUnder is DeletePrefix reporting the keys it deleted.
	DeleteUnder(ctx context.Context, prefix string) (keys []string, more bool, err error)
	// StartMultipart begins a multipart upload of key and returns its id.
	StartMultipart(ctx context.Context, key, contentType, filename string) (string, error)
	// UploadPart uploads part n (every part but the last at least 5 MiB: S3's rule).
	UploadPart(ctx context.Context, key, uploadID string, n int32, data []byte) (Part, error)
	// CompleteMultipart assembles the parts into the object.
	CompleteMultipart(ctx context.Context, key, uploadID string, parts []Part) error
	// PutSmall writes a small object (under 5 MiB).
	PutSmall(ctx context.Context, key string, data []byte) error
	// ReadSmall reads a whole small object; nil when it does not exist.
	ReadSmall(ctx context.Context, key string) ([]byte, error)
	// Delete removes key (absent is fine).
	Delete(ctx context.Context, key string) error
	// PresignGet is a download URL of key that works for DownloadExpiry.
	PresignGet(ctx context.Context, key string) (string, error)
}

// Expiry is how long a presigned PUT works.
const Expiry = 5 * time.Minute

// PresignedPut is a URL the browser PUTs the photo to, with the headers it must send as signed.
type PresignedPut struct {
	URL     string
	Headers map[string]string
	Expires time.Time
}

// Object is one stored photo of a user (the export lists them).
type Object struct {
	Key  string
	Size int64
	At   string // last modified, RFC 3339
}

// The admin exports of /admin/dados live under ExportsPrefix in
// the uploads bucket: written by the export job with a multipart upload,
// read only through a short presigned GET. /media/* (CloudFront's photo
// behaviour, and the local cloud's) serves fotos/ alone, never this prefix.

// ExportsPrefix is the admin-only prefix of the export files.
const ExportsPrefix = "exports/"

// DownloadExpiry is how long a presigned export download works.
const DownloadExpiry = 5 * time.Minute

// Part is an uploaded part of a multipart upload.
type Part struct {
	N    int32  `dynamodbav:"n" json:"n"`
	ETag string `dynamodbav:"etag" json:"etag"`
}

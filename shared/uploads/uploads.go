// Package uploads is the uploads bucket: presigned PUTs of photos to the quarantine prefix
// (the photo processor, shared/photoproc, turns them into what the site serves), the account's
// listing and erasure of its photos, and the admin exports.
package uploads

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
)

// Expiry is how long a presigned PUT works.
const Expiry = 5 * time.Minute

// Bucket is the uploads bucket.
type Bucket struct {
	Name    string
	client  *s3.Client
	presign *s3.PresignClient
}

// New makes the bucket's clients. publicEndpoint, when set (the local cloud), is where browsers
// reach the bucket, path-style: the presigned URLs name it. pathStyle addresses the server's own
// calls path-style (an emulator endpoint). Nothing touches the network here.
func New(cfg aws.Config, name, publicEndpoint string, pathStyle bool) *Bucket {
	client := s3.NewFromConfig(cfg, func(o *s3.Options) {
		o.UsePathStyle = pathStyle
		// A ranged read of the first bytes cannot match a whole-object checksum: don't try.
		o.ResponseChecksumValidation = aws.ResponseChecksumValidationWhenRequired
		o.DisableLogOutputChecksumValidationSkipped = true
	})
	signer := client
	if publicEndpoint != "" {
		signer = s3.NewFromConfig(cfg, func(o *s3.Options) {
			o.BaseEndpoint = aws.String(publicEndpoint)
			o.UsePathStyle = true
		})
	}
	return &Bucket{Name: name, client: client, presign: s3.NewPresignClient(signer)}
}

// PresignedPut is a URL the browser PUTs the photo to, with the headers it must send as signed.
type PresignedPut struct {
	URL     string
	Headers map[string]string
	Expires time.Time
}

// PresignPut signs a PUT of exactly size bytes of contentType to key (a quarantine key): S3
// refuses any other Content-Type or Content-Length (both are signed headers), another key, the
// URL once it expires, and a second PUT (If-None-Match: *, also signed).
func (b *Bucket) PresignPut(ctx context.Context, key, contentType string, size int64, now time.Time) (PresignedPut, error) {
	req, err := b.presign.PresignPutObject(ctx, &s3.PutObjectInput{
		Bucket:        aws.String(b.Name),
		Key:           aws.String(key),
		ContentType:   aws.String(contentType),
		ContentLength: aws.Int64(size),
		// S3 refuses a PUT over an object that exists: the URL writes once, and the processor
		// leaves an empty object where it read an upload, so a used URL cannot write again.
		IfNoneMatch: aws.String("*"),
	}, s3.WithPresignExpires(Expiry))
	if err != nil {
		return PresignedPut{}, fmt.Errorf("presign put: %w", err)
	}
	h := map[string]string{}
	for k, v := range req.SignedHeader {
		if strings.EqualFold(k, "host") || strings.EqualFold(k, "content-length") || len(v) == 0 {
			continue // the browser sets these itself
		}
		h[http.CanonicalHeaderKey(k)] = v[0]
	}
	return PresignedPut{URL: req.URL, Headers: h, Expires: now.Add(Expiry)}, nil
}

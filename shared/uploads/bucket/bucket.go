// Package bucket is the uploads bucket in S3 (uploads.Bucket): presigned PUTs of photos to the
// quarantine prefix (the photo processor, shared/photoproc, turns them into what the site
// serves), the account's listing and erasure of its photos, and the admin exports. Only the
// functions that use the bucket link it (Wire): the SDK's S3 package costs every start its
// endpoint tables and SigV4a curve, about 0.8 million instructions.
package bucket

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/awsenv"
	"github.com/verde-app/verde/shared/uploads"
)

// Wire gives d the uploads bucket (d.Uploads), for the functions whose routes or jobs use it
// (shared/areas.Wired). Nothing touches the network here. An S3 endpoint set in the environment
// is an emulator: the bucket is addressed path-style.
func Wire(d *app.Deps) {
	d.Uploads = New(awsenv.For(d.AWS, "S3"), d.Config.UploadsBucket, d.Config.UploadsPublicEndpoint, awsenv.Endpoint("S3") != "")
}

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

// PresignPut signs a PUT of exactly size bytes of contentType to key (a quarantine key): S3
// refuses any other Content-Type or Content-Length (both are signed headers), another key, the
// URL once it expires, and a second PUT (If-None-Match: *, also signed).
func (b *Bucket) PresignPut(ctx context.Context, key, contentType string, size int64, now time.Time) (uploads.PresignedPut, error) {
	req, err := b.presign.PresignPutObject(ctx, &s3.PutObjectInput{
		Bucket:        aws.String(b.Name),
		Key:           aws.String(key),
		ContentType:   aws.String(contentType),
		ContentLength: aws.Int64(size),
		// S3 refuses a PUT over an object that exists: the URL writes once, and the processor
		// leaves an empty object where it read an upload, so a used URL cannot write again.
		IfNoneMatch: aws.String("*"),
	}, s3.WithPresignExpires(uploads.Expiry))
	if err != nil {
		return uploads.PresignedPut{}, fmt.Errorf("presign put: %w", err)
	}
	h := map[string]string{}
	for k, v := range req.SignedHeader {
		if strings.EqualFold(k, "host") || strings.EqualFold(k, "content-length") || len(v) == 0 {
			continue // the browser sets these itself
		}
		h[http.CanonicalHeaderKey(k)] = v[0]
	}
	return uploads.PresignedPut{URL: req.URL, Headers: h, Expires: now.Add(uploads.Expiry)}, nil
}

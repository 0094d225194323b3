// Package uploads is the uploads bucket: presigned PUTs for the browser and the check of an
// uploaded object before an item refers to it.
package uploads

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/smithy-go"

	"github.com/verde-app/verde/shared/domain"
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

// PresignPut signs a PUT of exactly size bytes of contentType to key: S3 refuses any other
// Content-Type or Content-Length (both are signed headers).
func (b *Bucket) PresignPut(ctx context.Context, key, contentType string, size int64, now time.Time) (PresignedPut, error) {
	req, err := b.presign.PresignPutObject(ctx, &s3.PutObjectInput{
		Bucket:        aws.String(b.Name),
		Key:           aws.String(key),
		ContentType:   aws.String(contentType),
		ContentLength: aws.Int64(size),
		CacheControl:  aws.String("public, max-age=31536000, immutable"),
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

// Check is the object check of field's key: it exists, holds at most domain.MaxFotoBytes and
// starts like a JPEG, PNG or WebP. One ranged GetObject; any failure to prove it is a 400.
func (b *Bucket) Check(ctx context.Context, field, key string) error {
	out, err := b.client.GetObject(ctx, &s3.GetObjectInput{
		Bucket: aws.String(b.Name), Key: aws.String(key),
		Range: aws.String(fmt.Sprintf("bytes=0-%d", domain.FotoMagicLen-1)),
	})
	if err != nil {
		var ae smithy.APIError
		if errors.As(err, &ae) {
			switch ae.ErrorCode() {
			case "NoSuchKey", "NotFound", "AccessDenied", "InvalidRange", "NoSuchBucket":
				return domain.ErrFotoObject(field, "A foto não foi encontrada: envie a foto novamente")
			}
		}
		return fmt.Errorf("check upload %s: %w", key, err)
	}
	defer out.Body.Close()
	head, err := io.ReadAll(io.LimitReader(out.Body, domain.FotoMagicLen))
	if err != nil {
		return fmt.Errorf("read upload %s: %w", key, err)
	}
	size := int64(len(head))
	if cr := aws.ToString(out.ContentRange); cr != "" {
		if i := strings.LastIndexByte(cr, '/'); i >= 0 {
			if n, err := strconv.ParseInt(cr[i+1:], 10, 64); err == nil {
				size = n
			}
		}
	} else if out.ContentLength != nil && *out.ContentLength > size {
		size = *out.ContentLength
	}
	if size > domain.MaxFotoBytes {
		return domain.ErrFotoObject(field, fmt.Sprintf("A foto deve ter no máximo %d MB", domain.MaxFotoBytes/1024/1024))
	}
	if !domain.SniffFoto(head) {
		return domain.ErrFotoObject(field, "O arquivo enviado não é uma foto JPEG, PNG ou WebP")
	}
	return nil
}

// CheckAll checks keys (field's photos) at once: one GetObject each, in parallel. The first
// refusal, in keys' order, is the answer.
func (b *Bucket) CheckAll(ctx context.Context, field string, keys []string) error {
	errs := make([]error, len(keys))
	var wg sync.WaitGroup
	for i, k := range keys {
		wg.Add(1)
		go func() { defer wg.Done(); errs[i] = b.Check(ctx, field, k) }()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

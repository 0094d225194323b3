package photoproc

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/smithy-go"

	"github.com/verde-app/verde/shared/domain"
)

// Request is the processor's event: one upload's quarantine key (the API checked that it is
// the caller's own).
type Request struct {
	Key string `json:"key"`
}

// Response is the processed photo's key (its largest variant), or the reason it was refused
// (domain.Foto* reasons): a refusal is an answer, not a function error.
type Response struct {
	Key     string `json:"key,omitempty"`
	Refused string `json:"refused,omitempty"`
}

// CacheControl is every variant's: a processed key never changes (a new photo is a new key),
// and a deleted one is invalidated in CloudFront.
const CacheControl = "public, max-age=31536000, immutable"

// Handler processes one upload of bucket:
//
//   - its variants already exist (the item's request was retried): the existing photo is the
//     answer. A variant is never written twice (each PUT is If-None-Match: *), so what the
//     site serves under a key never changes;
//   - otherwise the object is read (at most domain.MaxFotoBytes), processed (Process) and its
//     variants written under the upload's domain.Upload.FotoDir, which no presigned URL can
//     write (the UploadsFunction role may put only under quarantine/);
//   - refused or processed, the quarantined upload is consumed (replaced with an empty object:
//     its bytes are gone and its presigned URL cannot write there again).
func Handler(client *s3.Client, bucket string) func(context.Context, Request) (Response, error) {
	return func(ctx context.Context, req Request) (Response, error) {
		u, ok := domain.ParseUpload(req.Key)
		if !ok {
			return Response{Refused: domain.FotoMissing}, nil
		}
		p := processor{client: client, bucket: bucket}
		dir := u.FotoDir()
		if key, err := p.existing(ctx, dir); err != nil || key != "" {
			if err == nil {
				err = p.consume(ctx, req.Key)
			}
			return Response{Key: key}, err
		}
		data, reason, err := p.read(ctx, req.Key)
		if err != nil {
			return Response{}, err
		}
		if reason != "" {
			return Response{Refused: reason}, p.consume(ctx, req.Key)
		}
		variants, err := Process(data)
		var refusal *Refusal
		if errors.As(err, &refusal) {
			return Response{Refused: refusal.Reason}, p.consume(ctx, req.Key)
		}
		if err != nil {
			return Response{}, err
		}
		for _, v := range variants {
			if err := p.put(ctx, domain.FotoVariantKey(dir, v.Size), v.Data); err != nil {
				return Response{}, err
			}
		}
		largest := variants[len(variants)-1]
		return Response{Key: domain.FotoVariantKey(dir, largest.Size)}, p.consume(ctx, req.Key)
	}
}

type processor struct {
	client *s3.Client
	bucket string
}

// existing is the largest variant's key under dir, "" when the photo was never processed.
func (p processor) existing(ctx context.Context, dir string) (string, error) {
	out, err := p.client.ListObjectsV2(ctx, &s3.ListObjectsV2Input{Bucket: aws.String(p.bucket), Prefix: aws.String(dir), MaxKeys: aws.Int32(16)})
	if err != nil {
		return "", fmt.Errorf("list %s: %w", dir, err)
	}
	best, bestW := "", 0
	for _, o := range out.Contents {
		k := aws.ToString(o.Key)
		if f, ok := domain.ParseProcessedFoto(k); ok && f.Dir == dir && f.Largest.W > bestW {
			best, bestW = k, f.Largest.W
		}
	}
	return best, nil
}

// read is the upload's bytes, or the reason there are none to process.
func (p processor) read(ctx context.Context, key string) ([]byte, string, error) {
	out, err := p.client.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(p.bucket), Key: aws.String(key)})
	if err != nil {
		var ae smithy.APIError
		if errors.As(err, &ae) && (ae.ErrorCode() == "NoSuchKey" || ae.ErrorCode() == "NotFound") {
			return nil, domain.FotoMissing, nil
		}
		return nil, "", fmt.Errorf("get %s: %w", key, err)
	}
	defer out.Body.Close()
	if aws.ToInt64(out.ContentLength) > domain.MaxFotoBytes {
		return nil, domain.FotoTooLarge, nil
	}
	data, err := io.ReadAll(io.LimitReader(out.Body, domain.MaxFotoBytes+1))
	if err != nil {
		return nil, "", fmt.Errorf("read %s: %w", key, err)
	}
	if len(data) > domain.MaxFotoBytes {
		return nil, domain.FotoTooLarge, nil
	}
	if len(data) == 0 { // consumed by an earlier run
		return nil, domain.FotoMissing, nil
	}
	return data, "", nil
}

// put writes a variant once: If-None-Match: * makes S3 refuse to replace an existing object
// (another run of the same upload got there first; its bytes stand).
func (p processor) put(ctx context.Context, key string, data []byte) error {
	_, err := p.client.PutObject(ctx, &s3.PutObjectInput{
		Bucket: aws.String(p.bucket), Key: aws.String(key), Body: bytes.NewReader(data),
		ContentLength: aws.Int64(int64(len(data))), ContentType: aws.String("image/webp"),
		CacheControl: aws.String(CacheControl), IfNoneMatch: aws.String("*"),
	})
	var ae smithy.APIError
	if errors.As(err, &ae) && (ae.ErrorCode() == "PreconditionFailed" || ae.ErrorCode() == "ConditionalRequestConflict") {
		return nil
	}
	if err != nil {
		return fmt.Errorf("put %s: %w", key, err)
	}
	return nil
}

// consume replaces the quarantined upload with an empty object: its bytes are gone, and the
// key stays taken until the bucket's lifecycle rule removes it a day later, long after its URL
// expired, so the presigned PUT (If-None-Match: *) cannot write it again.
func (p processor) consume(ctx context.Context, key string) error {
	_, err := p.client.PutObject(ctx, &s3.PutObjectInput{
		Bucket: aws.String(p.bucket), Key: aws.String(key), Body: bytes.NewReader(nil), ContentLength: aws.Int64(0),
	})
	if err != nil {
		return fmt.Errorf("consume %s: %w", key, err)
	}
	return nil
}

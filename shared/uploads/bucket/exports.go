package bucket

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"

	"github.com/verde-app/verde/shared/uploads"
)

// StartMultipart begins a multipart upload of key.
func (b *Bucket) StartMultipart(ctx context.Context, key, contentType, filename string) (string, error) {
	out, err := b.client.CreateMultipartUpload(ctx, &s3.CreateMultipartUploadInput{
		Bucket: aws.String(b.Name), Key: aws.String(key), ContentType: aws.String(contentType),
		ContentDisposition: aws.String(`attachment; filename="` + filename + `"`),
	})
	if err != nil {
		return "", fmt.Errorf("start multipart %s: %w", key, err)
	}
	return aws.ToString(out.UploadId), nil
}

// UploadPart uploads part n (every part but the last at least 5 MiB: S3's rule).
func (b *Bucket) UploadPart(ctx context.Context, key, uploadID string, n int32, data []byte) (uploads.Part, error) {
	out, err := b.client.UploadPart(ctx, &s3.UploadPartInput{
		Bucket: aws.String(b.Name), Key: aws.String(key), UploadId: aws.String(uploadID),
		PartNumber: aws.Int32(n), Body: bytes.NewReader(data), ContentLength: aws.Int64(int64(len(data))),
	})
	if err != nil {
		return uploads.Part{}, fmt.Errorf("upload part %d of %s: %w", n, key, err)
	}
	return uploads.Part{N: n, ETag: aws.ToString(out.ETag)}, nil
}

// CompleteMultipart assembles the parts into the object.
func (b *Bucket) CompleteMultipart(ctx context.Context, key, uploadID string, parts []uploads.Part) error {
	done := make([]types.CompletedPart, len(parts))
	for i, p := range parts {
		done[i] = types.CompletedPart{PartNumber: aws.Int32(p.N), ETag: aws.String(p.ETag)}
	}
	_, err := b.client.CompleteMultipartUpload(ctx, &s3.CompleteMultipartUploadInput{
		Bucket: aws.String(b.Name), Key: aws.String(key), UploadId: aws.String(uploadID),
		MultipartUpload: &types.CompletedMultipartUpload{Parts: done},
	})
	if err != nil {
		return fmt.Errorf("complete multipart %s: %w", key, err)
	}
	return nil
}

// PutSmall writes a small object (the bytes an export carries from one run
// of its job to the next, under 5 MiB).
func (b *Bucket) PutSmall(ctx context.Context, key string, data []byte) error {
	_, err := b.client.PutObject(ctx, &s3.PutObjectInput{
		Bucket: aws.String(b.Name), Key: aws.String(key), Body: bytes.NewReader(data), ContentLength: aws.Int64(int64(len(data))),
	})
	if err != nil {
		return fmt.Errorf("put %s: %w", key, err)
	}
	return nil
}

// ReadSmall reads a whole small object; nil when it does not exist.
func (b *Bucket) ReadSmall(ctx context.Context, key string) ([]byte, error) {
	out, err := b.client.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(b.Name), Key: aws.String(key)})
	var nsk *types.NoSuchKey
	if errors.As(err, &nsk) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("get %s: %w", key, err)
	}
	defer out.Body.Close()
	return io.ReadAll(out.Body)
}

// Delete removes key (absent is fine).
func (b *Bucket) Delete(ctx context.Context, key string) error {
	_, err := b.client.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: aws.String(b.Name), Key: aws.String(key)})
	if err != nil {
		return fmt.Errorf("delete %s: %w", key, err)
	}
	return nil
}

// PresignGet is a short-lived download URL of key.
func (b *Bucket) PresignGet(ctx context.Context, key string) (string, error) {
	req, err := b.presign.PresignGetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(b.Name), Key: aws.String(key)},
		s3.WithPresignExpires(uploads.DownloadExpiry))
	if err != nil {
		return "", fmt.Errorf("presign get: %w", err)
	}
	return req.URL, nil
}

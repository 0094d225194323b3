package testkit

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/jpeg"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/google/uuid"

	"github.com/verde-app/verde/shared/domain"
)

// JPEG is a small real JPEG (w×h, a green gradient).
func JPEG(t testing.TB, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, color.RGBA{R: uint8(x * 255 / w), G: 160, B: uint8(y * 255 / h), A: 255})
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 80}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// PutPhoto stores body in the uploads bucket under a fresh key of u's prefix (as a presigned
// PUT would) and returns the key.
func (e *Env) PutPhoto(t testing.TB, u User, body []byte, ext string) string {
	t.Helper()
	key := domain.FotoKey(u.ID, domain.FotoDiario, uuid.NewString(), ext)
	_, err := e.Cloud.S3().PutObject(context.Background(), &s3.PutObjectInput{
		Bucket: aws.String(e.Deps.Config.UploadsBucket), Key: aws.String(key), Body: bytes.NewReader(body),
	})
	if err != nil {
		t.Fatalf("put photo: %v", err)
	}
	return key
}

package bucket

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"

	"github.com/verde-app/verde/shared/uploads"
)

// List reads one page (at most max) of the objects under prefix, from the
// continuation token (empty first); next is empty on the last page.
func (b *Bucket) List(ctx context.Context, prefix, token string, max int) (objs []uploads.Object, next string, err error) {
	in := &s3.ListObjectsV2Input{Bucket: aws.String(b.Name), Prefix: aws.String(prefix), MaxKeys: aws.Int32(int32(max))}
	if token != "" {
		in.ContinuationToken = aws.String(token)
	}
	out, err := b.client.ListObjectsV2(ctx, in)
	if err != nil {
		return nil, "", fmt.Errorf("list uploads: %w", err)
	}
	for _, o := range out.Contents {
		ob := uploads.Object{Key: aws.ToString(o.Key), Size: aws.ToInt64(o.Size)}
		if o.LastModified != nil {
			ob.At = o.LastModified.UTC().Format("2006-01-02T15:04:05.000Z")
		}
		objs = append(objs, ob)
	}
	if aws.ToBool(out.IsTruncated) {
		next = aws.ToString(out.NextContinuationToken)
	}
	return objs, next, nil
}

// DeletePrefix deletes up to 1,000 objects under prefix (one List, one
// DeleteObjects); more reports that some are left for the next call.
func (b *Bucket) DeletePrefix(ctx context.Context, prefix string) (deleted int, more bool, err error) {
	keys, more, err := b.DeleteUnder(ctx, prefix)
	return len(keys), more, err
}

// DeleteUnder is DeletePrefix reporting the keys it deleted.
func (b *Bucket) DeleteUnder(ctx context.Context, prefix string) (keys []string, more bool, err error) {
	objs, next, err := b.List(ctx, prefix, "", 1000)
	if err != nil || len(objs) == 0 {
		return nil, false, err
	}
	ids := make([]types.ObjectIdentifier, len(objs))
	for i, o := range objs {
		ids[i] = types.ObjectIdentifier{Key: aws.String(o.Key)}
		keys = append(keys, o.Key)
	}
	out, err := b.client.DeleteObjects(ctx, &s3.DeleteObjectsInput{
		Bucket: aws.String(b.Name), Delete: &types.Delete{Objects: ids, Quiet: aws.Bool(true)},
	})
	if err != nil {
		return nil, false, fmt.Errorf("delete uploads: %w", err)
	}
	if len(out.Errors) > 0 {
		return nil, true, fmt.Errorf("delete uploads: %s: %s", aws.ToString(out.Errors[0].Key), aws.ToString(out.Errors[0].Message))
	}
	return keys, next != "", nil
}

package photojob

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/cloudfront"
	"github.com/aws/aws-sdk-go-v2/service/cloudfront/types"
)

// CDN invalidates paths of the site's CloudFront distribution (DISTRIBUTION_ID). The client is
// made on first use; locally AWS_ENDPOINT_URL_CLOUDFRONT points at the local cloud, which
// records the invalidations (cloud.Invalidations).
type CDN struct {
	Distribution string
	cfg          aws.Config

	once   sync.Once
	client *cloudfront.Client
}

// NewCDN is the distribution's invalidator; nothing touches the network here.
func NewCDN(cfg aws.Config, distribution string) *CDN {
	return &CDN{Distribution: distribution, cfg: cfg}
}

// Invalidate asks CloudFront to drop paths from every edge cache: one request for all of them.
func (c *CDN) Invalidate(ctx context.Context, paths []string) error {
	if len(paths) == 0 {
		return nil
	}
	if c.Distribution == "" {
		return fmt.Errorf("DISTRIBUTION_ID is not set")
	}
	c.once.Do(func() { c.client = cloudfront.NewFromConfig(c.cfg) })
	_, err := c.client.CreateInvalidation(ctx, &cloudfront.CreateInvalidationInput{
		DistributionId: aws.String(c.Distribution),
		InvalidationBatch: &types.InvalidationBatch{
			CallerReference: aws.String("verde-photos-" + strconv.FormatInt(time.Now().UnixNano(), 36)),
			Paths:           &types.Paths{Quantity: aws.Int32(int32(len(paths))), Items: paths},
		},
	})
	if err != nil {
		return fmt.Errorf("invalidate %d paths: %w", len(paths), err)
	}
	return nil
}

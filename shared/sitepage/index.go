// Package sitepage is the SPA's index.html as people get it, for the pages the API answers
// itself (the link previews of shared/api/groups): the object the deploy writes to the SPA
// bucket (tools/deploy_spa.py, with the site's configuration in its #verde-config script), read
// with one S3 GetObject and kept a minute, and the tags a page adds to its head. The GetObject
// is one signed request (awsenv.Send), not the SDK's S3 client: GroupsFunction would otherwise
// link S3's package tables (about 0.8 million instructions at every start) for this one read.
package sitepage

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"

	"github.com/verde-app/verde/shared/awsenv"
)

// Key is the object the deploy writes and CloudFront serves for every client route.
const Key = "index.html"

// TTL is how long a container keeps the page it read: a deploy of the SPA reaches the
// previews within a minute, and most requests read nothing from S3.
const TTL = time.Minute

// maxBytes bounds what is read (the page is about 3 kB).
const maxBytes = 1 << 20

// readTimeout bounds one read, well inside the request's deadline (api.RequestDeadline).
const readTimeout = 2 * time.Second

// Index is the SPA bucket's index.html, read on first use.
type Index struct {
	bucket string
	cfg    aws.Config
	url    string
	http   *http.Client
	now    func() time.Time

	mu   sync.Mutex
	page []byte
	read time.Time
}

// New reads index.html of bucket with cfg (the function's SDK configuration). An S3 endpoint in
// the environment, an emulator, is addressed path-style; AWS's regional endpoint,
// virtual-hosted. Nothing touches the network here.
func New(cfg aws.Config, bucket string) *Index {
	u := "https://" + bucket + ".s3." + cfg.Region + ".amazonaws.com/" + Key
	if e := awsenv.Endpoint("S3"); e != "" {
		u = strings.TrimSuffix(e, "/") + "/" + bucket + "/" + Key
	}
	return &Index{bucket: bucket, cfg: cfg, url: u, now: time.Now, http: &http.Client{Timeout: readTimeout}}
}

// Get is the page: the copy read less than TTL ago, else a new read. When a read fails, the
// last copy (however old) is kept and served; with none, the error is returned. The caller must
// not change the bytes.
func (x *Index) Get(ctx context.Context) ([]byte, error) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.page != nil && x.now().Sub(x.read) < TTL {
		return x.page, nil
	}
	page, err := x.fetch(ctx)
	if err != nil {
		if x.page != nil {
			slog.WarnContext(ctx, "sitepage: read failed, serving the last copy", "bucket", x.bucket, "err", err)
			return x.page, nil
		}
		return nil, err
	}
	x.page, x.read = page, x.now()
	return page, nil
}

func (x *Index) fetch(ctx context.Context) ([]byte, error) {
	if x.bucket == "" {
		return nil, fmt.Errorf("sitepage: SPA_BUCKET is not set")
	}
	ctx, cancel := context.WithTimeout(ctx, readTimeout)
	defer cancel()
	rep, err := awsenv.Send(ctx, x.cfg, x.http, awsenv.Call{Method: http.MethodGet, URL: x.url, Service: "s3"})
	if err != nil {
		return nil, fmt.Errorf("read s3://%s/%s: %w", x.bucket, Key, err)
	}
	if rep.Status != http.StatusOK {
		return nil, fmt.Errorf("read s3://%s/%s: status %d: %.200s", x.bucket, Key, rep.Status, rep.Body)
	}
	if len(rep.Body) > maxBytes {
		return nil, fmt.Errorf("read s3://%s/%s: over %d bytes", x.bucket, Key, maxBytes)
	}
	return rep.Body, nil
}

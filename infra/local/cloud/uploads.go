package cloud

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3afero"

	"github.com/verde-app/verde/shared/domain"
)

// newUploadsServer is the S3 stand-in for the uploads bucket: gofakes3 in process, keeping
// objects as files under DataDir/s3 (buckets/<bucket>/<key>, metadata beside them).
func newUploadsServer(dataDir string) (http.Handler, error) {
	fs, err := s3afero.FsPath(filepath.Join(dataDir, "s3"), s3afero.FsPathCreateAll)
	if err != nil {
		return nil, err
	}
	backend, err := s3afero.MultiBucket(fs)
	if err != nil {
		return nil, err
	}
	// Presigned PUTs come straight from the browser, on another origin than the SPA.
	faker := gofakes3.New(backend, gofakes3.WithInsecureCORS(), gofakes3.WithoutVersioning())
	return virtualHostBuckets(faker.Server()), nil
}

// virtualHostBuckets turns virtual-hosted requests (http://<bucket>.localhost:<port>/key, which
// browsers resolve to loopback) into path-style ones, so URLs presigned either way work.
func virtualHostBuckets(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host, port, err := net.SplitHostPort(r.Host)
		if err != nil {
			host = r.Host
		}
		if bucket, ok := strings.CutSuffix(host, ".localhost"); ok && bucket != "" && !strings.Contains(bucket, ".") {
			r.URL.Path = "/" + bucket + r.URL.Path
			if r.URL.RawPath != "" {
				r.URL.RawPath = "/" + bucket + r.URL.RawPath
			}
			r.Host = "localhost"
			if port != "" {
				r.Host = net.JoinHostPort("localhost", port)
			}
		}
		next.ServeHTTP(w, r)
	})
}

// uploadsOnSite serves the uploads bucket on the product's origin, as a browser meets it in AWS:
// bucket is the presigned PUTs of uploads (path-style /<bucket>/quarantine/<key>) and the
// presigned GETs of exports/, each checked as S3 checks a presigned URL (verifyPresigned:
// signature, expiry, signed Content-Type and Content-Length, the key), nothing else; media is
// /media/<key>, read-only, the processor's variants only (never an upload, under any name),
// cached for a year like CloudFront's /media/*.
func uploadsOnSite(s3 *url.URL, bucket string) (bucketProxy, media http.Handler) {
	proxy := httputil.NewSingleHostReverseProxy(s3)
	bucketProxy = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		put := r.Method == http.MethodPut && strings.HasPrefix(r.URL.Path, "/"+bucket+"/"+domain.QuarantinePrefix)
		// the presigned GET of an admin's export (/admin/dados), as S3 answers it in AWS
		get := r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/"+bucket+"/exports/")
		if !put && !get || strings.Contains(r.URL.Path, "..") {
			s3Error(w, http.StatusForbidden, errors.New("AccessDenied: Access Denied"))
			return
		}
		if err := verifyPresigned(r, time.Now()); err != nil {
			s3Error(w, http.StatusForbidden, err)
			return
		}
		// Only what was signed goes on: S3 would not read an unsigned query parameter either.
		proxy.ServeHTTP(w, r)
	})
	mediaProxy := &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(s3)
			pr.Out.URL.Path = "/" + bucket + strings.TrimPrefix(pr.In.URL.Path, "/media")
			pr.Out.URL.RawPath = ""
			pr.Out.URL.RawQuery = ""
			pr.Out.Header.Del("Authorization")
		},
		ModifyResponse: func(res *http.Response) error {
			if res.StatusCode == http.StatusOK || res.StatusCode == http.StatusNotModified {
				res.Header.Set("Cache-Control", "public, max-age=31536000, immutable")
			} else {
				res.Header.Set("Cache-Control", "no-store")
				if res.StatusCode == http.StatusNotFound || res.StatusCode == http.StatusForbidden {
					res.StatusCode = http.StatusNotFound
				}
			}
			res.Header.Set("X-Content-Type-Options", "nosniff")
			return nil
		},
	}
	media = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, processed := domain.ParseProcessedFoto(strings.TrimPrefix(r.URL.Path, "/media/"))
		if (r.Method != http.MethodGet && r.Method != http.MethodHead) || !processed {
			http.NotFound(w, r)
			return
		}
		mediaProxy.ServeHTTP(w, r)
	})
	return bucketProxy, media
}

func ensureBucket(ctx context.Context, client *s3.Client, bucket string) error {
	_, err := client.CreateBucket(ctx, &s3.CreateBucketInput{Bucket: aws.String(bucket)})
	var owned *types.BucketAlreadyOwnedByYou
	var exists *types.BucketAlreadyExists
	if err == nil || errors.As(err, &owned) || errors.As(err, &exists) {
		return nil
	}
	return err
}

// objectReads counts the GETs the S3 emulator answered, by path (/<bucket>/<key>): what a test
// counts of a function's reads made without the SDK (the link previews' index.html, read with
// one signed request: shared/sitepage), which the SDK call counter does not see.
type objectReads struct {
	mu sync.Mutex
	n  map[string]int
}

func (o *objectReads) count(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet {
			o.mu.Lock()
			if o.n == nil {
				o.n = map[string]int{}
			}
			o.n[r.URL.Path]++
			o.mu.Unlock()
		}
		next.ServeHTTP(w, r)
	})
}

// S3Reads is how many GETs of bucket's key the S3 emulator has answered.
func (c *Cloud) S3Reads(bucket, key string) int {
	c.s3Reads.mu.Lock()
	defer c.s3Reads.mu.Unlock()
	return c.s3Reads.n["/"+bucket+"/"+key]
}

package cloud

import (
	"encoding/xml"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"
)

// The local stand-in for CloudFront's invalidation API: the local cloud serves /media itself,
// with no edge cache to drop, so it records what the photos job asked to invalidate, for tests
// to assert (Cloud.Invalidations), and answers as CloudFront does.

// LocalDistribution is the distribution id the functions get locally (DISTRIBUTION_ID).
const LocalDistribution = "ELOCALVERDE"

// CloudFrontPathPrefix is where CloudFront's API lives (API version 2020-05-31).
const CloudFrontPathPrefix = "/2020-05-31/distribution/"

// Invalidation is one CreateInvalidation request.
type Invalidation struct {
	ID    string
	Paths []string
	At    time.Time
}

type cloudFront struct {
	mu   sync.Mutex
	done []Invalidation
}

type invalidationBatch struct {
	XMLName         xml.Name `xml:"InvalidationBatch"`
	CallerReference string   `xml:"CallerReference"`
	Quantity        int      `xml:"Paths>Quantity"`
	Paths           []string `xml:"Paths>Items>Path"`
}

func (cf *cloudFront) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rest := strings.TrimPrefix(r.URL.Path, CloudFrontPathPrefix)
	id, ok := strings.CutSuffix(rest, "/invalidation")
	if r.Method != http.MethodPost || !ok {
		s3Error(w, http.StatusNotFound, fmt.Errorf("NoSuchResource: %s %s", r.Method, r.URL.Path))
		return
	}
	if id != LocalDistribution {
		s3Error(w, http.StatusNotFound, fmt.Errorf("NoSuchDistribution: The specified distribution does not exist."))
		return
	}
	if !strings.HasPrefix(r.Header.Get("Authorization"), "AWS4-HMAC-SHA256 ") {
		s3Error(w, http.StatusForbidden, fmt.Errorf("MissingAuthenticationToken: unsigned request"))
		return
	}
	var b invalidationBatch
	body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err := xml.Unmarshal(body, &b); err != nil || b.Quantity != len(b.Paths) || len(b.Paths) == 0 || len(b.Paths) > 3000 || b.CallerReference == "" {
		s3Error(w, http.StatusBadRequest, fmt.Errorf("InvalidArgument: bad InvalidationBatch"))
		return
	}
	for _, p := range b.Paths {
		if !strings.HasPrefix(p, "/") {
			s3Error(w, http.StatusBadRequest, fmt.Errorf("InvalidArgument: path %q does not start with /", p))
			return
		}
	}
	cf.mu.Lock()
	inv := Invalidation{ID: fmt.Sprintf("I%06d", len(cf.done)+1), Paths: b.Paths, At: time.Now().UTC()}
	cf.done = append(cf.done, inv)
	cf.mu.Unlock()
	w.Header().Set("Content-Type", "text/xml")
	w.Header().Set("Location", "https://cloudfront.amazonaws.com"+CloudFrontPathPrefix+id+"/invalidation/"+inv.ID)
	w.WriteHeader(http.StatusCreated)
	fmt.Fprintf(w, `<?xml version="1.0" encoding="UTF-8"?>
<Invalidation xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/"><Id>%s</Id><Status>InProgress</Status><CreateTime>%s</CreateTime>%s</Invalidation>`,
		inv.ID, inv.At.Format(time.RFC3339), body[strings.Index(string(body), "<InvalidationBatch"):])
}

// Invalidations are the CloudFront invalidations the functions requested, oldest first.
func (c *Cloud) Invalidations() []Invalidation {
	c.cdn.mu.Lock()
	defer c.cdn.mu.Unlock()
	return append([]Invalidation(nil), c.cdn.done...)
}

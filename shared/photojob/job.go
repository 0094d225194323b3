// Package photojob is the photos job (PhotosJobFunction): it deletes the photos no item shows
// any more and invalidates their paths in CloudFront, in batches, and deletes the photos of
// uploads no item claimed within a day. Started by the API functions right after an item
// releases a photo (InvocationType Event) and every day by its schedule, which also catches
// anything a start missed.
package photojob

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/awsenv"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
	"github.com/verde-app/verde/shared/uploads"
)

// Job is what one run needs.
type Job struct {
	Store  *store.Store
	Bucket uploads.Bucket
	CDN    *CDN
	Now    func() time.Time
}

// wildcardPhotos is the most photos a page invalidates by wildcard (CloudFront: 15 wildcard
// paths in progress at once, across runs).
const wildcardPhotos = 5

// unusedDays is how far back a run looks for unclaimed uploads: from the day before yesterday
// (a whole day after the last of them was handed out) back a week (runs that failed).
const unusedDays = 7

// Result is what a run did.
type Result struct {
	Released    int `json:"released"`
	Invalidated int `json:"invalidated"`
	Unused      int `json:"unused"`
}

// Handler is the function's handler: a start ({"kind":"released"}) deletes and invalidates
// the released photos; any other event (the schedule's) runs the whole job.
func Handler(j *Job) func(context.Context, map[string]any) (Result, error) {
	return func(ctx context.Context, ev map[string]any) (Result, error) {
		if ev["kind"] == KindReleased {
			var r Result
			return r, j.released(ctx, &r)
		}
		return j.Run(ctx)
	}
}

// KindReleased is the event of a start after an item released a photo.
const KindReleased = "released"

// New is the job of d's store and bucket, invalidating in distribution.
func New(d app.Deps, distribution string) *Job {
	return &Job{Store: d.Store, Bucket: d.Uploads, CDN: NewCDN(awsenv.For(d.AWS, "CLOUDFRONT"), distribution), Now: d.Now}
}

// Run does both parts; the first error stops it (the next run goes on from where it is).
func (j *Job) Run(ctx context.Context) (Result, error) {
	var r Result
	if err := j.released(ctx, &r); err != nil {
		return r, err
	}
	err := j.unused(ctx, &r)
	return r, err
}

// released deletes the released photos' objects, page by page, then invalidates every path
// they were served at in one request per page, then forgets them. CloudFront bills each path
// and allows 3,000 in progress, but only 15 with a wildcard: a page of a few photos (a start
// after one deletion, the usual case) is invalidated by one wildcard per photo, a larger one
// variant by variant; an account's directory, whose objects its erasure deleted already, by
// one wildcard.
func (j *Job) released(ctx context.Context, r *Result) error {
	for {
		rs, err := j.Store.ReleasedPhotos(ctx)
		if err != nil || len(rs) == 0 {
			return err
		}
		var paths []string
		photos := 0
		for _, rel := range rs {
			if strings.Count(rel.Dir, "/") > 2 {
				photos++
			}
		}
		for _, rel := range rs {
			if !strings.HasPrefix(rel.Dir, "fotos/") || strings.Contains(rel.Dir, "..") {
				continue
			}
			whole := strings.Count(rel.Dir, "/") == 2 || photos <= wildcardPhotos // fotos/<uid>/: an erased account
			if whole {
				paths = append(paths, "/media/"+rel.Dir+"*")
			}
			for {
				keys, more, err := j.Bucket.DeleteUnder(ctx, rel.Dir)
				if err != nil {
					return err
				}
				if !whole {
					for _, k := range keys {
						paths = append(paths, "/media/"+k)
					}
				}
				if !more {
					break
				}
			}
		}
		if err := j.CDN.Invalidate(ctx, paths); err != nil {
			return err
		}
		if err := j.Store.ForgetReleased(ctx, rs); err != nil {
			return err
		}
		r.Released += len(rs)
		r.Invalidated += len(paths)
		slog.InfoContext(ctx, "photos released", "photos", len(rs), "paths", len(paths))
	}
}

// unused deletes the photos of uploads no item claimed: each upload's record first, under the
// condition that it still exists (an item that claimed it meanwhile wins, and its photo
// stays), then its objects.
func (j *Job) unused(ctx context.Context, r *Result) error {
	today := j.Now().UTC()
	for back := 2; back < 2+unusedDays; back++ {
		day := today.AddDate(0, 0, -back).Format("2006-01-02")
		for page := 0; page < 50; page++ { // the index may list a claimed upload a moment longer
			us, err := j.Store.UnusedUploads(ctx, day)
			if err != nil {
				return err
			}
			for _, u := range us {
				gone, err := j.Store.ForgetUpload(ctx, u)
				if err != nil {
					return err
				}
				if !gone {
					continue
				}
				if _, ok := domain.ParseUpload(u.Key); !ok || !strings.HasPrefix(u.Dir, domain.PhotoKeyPrefix(u.UserID)) {
					return fmt.Errorf("unused upload %s: unexpected key %q or directory %q", u.ID, u.Key, u.Dir)
				}
				for more := true; more; {
					if _, more, err = j.Bucket.DeleteUnder(ctx, u.Dir); err != nil {
						return err
					}
				}
				if err := j.Bucket.Delete(ctx, u.Key); err != nil {
					return err
				}
				r.Unused++
			}
			if len(us) == 0 {
				break
			}
		}
	}
	return nil
}

package cloud

import (
	"crypto/md5"
	"encoding/hex"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/verde-app/verde/shared/sitepage"
)

// spaBucket stands in, on the S3 emulator's port, for the SPA bucket's one object a function
// reads: index.html as the deploy writes it (tools/deploy_spa.py: spa/dist/index.html with the
// site's configuration in #verde-config), which GroupsFunction's link previews read
// (shared/sitepage). It is made at each GetObject from SPADir, as the site serves it (a rebuild
// shows at once); before the SPA is built it is the page that says how to build it, so the
// previews answer (and their tests run) without a build. Any other key of the bucket is refused:
// everything else of it is CloudFront's, which the local site stands in for. Requests for other
// buckets go to next (gofakes3, the uploads bucket).
func spaBucket(next http.Handler, bucket, dist string, config []byte) http.Handler {
	prefix := "/" + bucket + "/"
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/"+bucket && !strings.HasPrefix(r.URL.Path, prefix) {
			next.ServeHTTP(w, r)
			return
		}
		if r.URL.Path != prefix+sitepage.Key || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
			s3Error(w, http.StatusForbidden, errors.New("AccessDenied: Access Denied"))
			return
		}
		page, modified := spaIndexObject(dist, config)
		sum := md5.Sum(page)
		h := w.Header()
		h.Set("Content-Type", "text/html; charset=utf-8")
		h.Set("Content-Length", strconv.Itoa(len(page)))
		h.Set("ETag", `"`+hex.EncodeToString(sum[:])+`"`)
		h.Set("Last-Modified", modified.UTC().Format(http.TimeFormat))
		w.WriteHeader(http.StatusOK)
		if r.Method == http.MethodGet {
			w.Write(page)
		}
	})
}

// spaIndexObject is index.html as the deploy uploads it, and when it was built.
func spaIndexObject(dist string, config []byte) ([]byte, time.Time) {
	index := filepath.Join(dist, "index.html")
	raw, err := os.ReadFile(index)
	if err != nil {
		return injectConfig([]byte(`<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="utf-8" />
    <title>Verde</title>
    <script id="verde-config" type="application/json"></script>
  </head>
  <body>
    <div id="root">`+spaNotBuilt(dist)+`</div>
  </body>
</html>
`), config), time.Now()
	}
	modified := time.Now()
	if info, err := os.Stat(index); err == nil {
		modified = info.ModTime()
	}
	return injectConfig(raw, config), modified
}

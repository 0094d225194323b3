package cloud

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/verde-app/verde/shared/httpenc"
)

// SPAConfig is /config.json, the SPA's only configuration (same shape in AWS, where
// userPoolEndpoint is absent and authFlowType is USER_SRP_AUTH).
type SPAConfig struct {
	Region           string      `json:"region"`
	UserPoolID       string      `json:"userPoolId"`
	UserPoolClientID string      `json:"userPoolClientId"`
	UserPoolEndpoint string      `json:"userPoolEndpoint,omitempty"`
	AuthFlowType     string      `json:"authFlowType"`
	OAuth            OAuthConfig `json:"oauth"`
	APIBase          string      `json:"apiBase"`
}

// OAuthConfig is the hosted-UI part of SPAConfig.
type OAuthConfig struct {
	Domain          string   `json:"domain"`
	RedirectSignIn  string   `json:"redirectSignIn"`
	RedirectSignOut string   `json:"redirectSignOut"`
	Providers       []string `json:"providers"`
}

func serveJSON(v any) http.Handler {
	b, _ := json.MarshalIndent(v, "", "  ")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-cache")
		w.Write(b)
	})
}

// configSlot is the empty JSON script in the SPA's index.html that the deploy
// (tools/deploy_spa.py) and the local cloud fill with /config.json, so the SPA starts without
// fetching it first.
const configSlot = `<script id="verde-config" type="application/json"></script>`

// injectConfig writes config into index.html's slot. encoding/json escapes <, > and & as
// \u003c…, so nothing in the values can close the script element.
func injectConfig(index, config []byte) []byte {
	if len(config) == 0 {
		return index
	}
	filled := `<script id="verde-config" type="application/json">` + string(config) + `</script>`
	return bytes.Replace(index, []byte(configSlot), []byte(filled), 1)
}

// spaHandler serves spa/dist the way the CloudFront distribution does: existing files as they
// are, extension-less paths rewritten to /index.html (the SPA's client-side routes), other
// missing files 404. The API never reaches it. Like CloudFront with compression on, it sends
// a file's bytes brotli- or gzip-encoded when the browser accepts it: from the .br / .gz the
// SPA's build writes next to each asset, and index.html (with the site's configuration written
// into it, as the deploy does) gzipped on the fly.
type spaHandler struct {
	dist string
	// config is /config.json's body, written into index.html; nil leaves the slot empty.
	config []byte
	// headers are CloudFront's security headers (LocalSecurityHeaders): the CSP included, so a
	// violation shows in the browser journeys as it would in AWS.
	headers map[string]string
}

func (s spaHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	index := filepath.Join(s.dist, "index.html")
	if _, err := os.Stat(index); err != nil {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusServiceUnavailable)
		io.WriteString(w, "<!doctype html><meta charset=\"utf-8\"><title>Verde: SPA not built</title>\n"+spaNotBuilt(s.dist))
		return
	}
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Referrer-Policy", "strict-origin-when-cross-origin")
	w.Header().Set("X-Frame-Options", "DENY")
	for k, v := range s.headers {
		w.Header().Set(k, v)
	}
	clean := path.Clean("/" + r.URL.Path)
	file := filepath.Join(s.dist, filepath.FromSlash(clean))
	if clean == "/index.html" || (path.Ext(clean) == "" && !isFile(file)) {
		w.Header().Set("Cache-Control", "no-cache")
		s.serveIndex(w, r, index)
		return
	}
	if isFile(file) && !strings.HasSuffix(clean, ".gz") && !strings.HasSuffix(clean, ".br") {
		if strings.HasPrefix(clean, "/assets/") {
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			w.Header().Set("Cache-Control", "no-cache")
		}
		serveFile(w, r, file)
		return
	}
	http.NotFound(w, r)
}

// spaNotBuilt says that dist has no index.html yet, and how to build it.
func spaNotBuilt(dist string) string {
	return fmt.Sprintf(`<h1>The SPA is not built yet</h1>
<p>%s has no index.html. Build it with <code>make dev</code> (it builds spa/dist and starts the local cloud),
or <code>npm ci --prefix spa &amp;&amp; npm run build --prefix spa</code>, then reload. The API, /config.json and the emulators are running.</p>`,
		html.EscapeString(dist))
}

func isFile(name string) bool {
	info, err := os.Stat(name)
	return err == nil && !info.IsDir()
}

func (s spaHandler) serveIndex(w http.ResponseWriter, r *http.Request, index string) {
	raw, err := os.ReadFile(index)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	body := injectConfig(raw, s.config)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Add("Vary", "Accept-Encoding")
	if len(body) >= httpenc.MinSize && httpenc.Accepts(r.Header.Get("Accept-Encoding"), "gzip") {
		var buf bytes.Buffer
		zw := gzip.NewWriter(&buf)
		zw.Write(body)
		zw.Close()
		body = buf.Bytes()
		w.Header().Set("Content-Encoding", "gzip")
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	if r.Method == http.MethodHead {
		return
	}
	w.Write(body)
}

// precompressed is the order the encodings written at build are offered in: brotli is smaller.
var precompressed = []struct{ coding, ext string }{{"br", ".br"}, {"gzip", ".gz"}}

// serveFile sends name, or its .br / .gz sibling with Content-Encoding when the request
// accepts that encoding.
func serveFile(w http.ResponseWriter, r *http.Request, name string) {
	accept := r.Header.Get("Accept-Encoding")
	send := name
	for _, p := range precompressed {
		if isFile(name+p.ext) && httpenc.Accepts(accept, p.coding) {
			send = name + p.ext
			w.Header().Set("Content-Encoding", p.coding)
			break
		}
	}
	if send != name || isFile(name+".br") || isFile(name+".gz") {
		w.Header().Add("Vary", "Accept-Encoding")
	}
	if ct := mime.TypeByExtension(path.Ext(name)); ct != "" {
		w.Header().Set("Content-Type", ct)
	}
	f, err := os.Open(send)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		http.NotFound(w, r)
		return
	}
	http.ServeContent(w, r, filepath.Base(name), info.ModTime(), f)
}

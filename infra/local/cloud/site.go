package cloud

import (
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
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

// spaHandler serves spa/dist the way the CloudFront distribution does: existing files as they
// are, extension-less paths rewritten to /index.html (the SPA's client-side routes), other
// missing files 404. The API never reaches it.
type spaHandler struct {
	dist string
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
		fmt.Fprintf(w, `<!doctype html><meta charset="utf-8"><title>Verde: SPA not built</title>
<h1>The SPA is not built yet</h1>
<p>%s has no index.html. Build it with <code>make dev</code> (it builds spa/dist and starts the local cloud),
or <code>npm ci --prefix spa &amp;&amp; npm run build --prefix spa</code>, then reload. The API, /config.json and the emulators are running.</p>`,
			html.EscapeString(s.dist))
		return
	}
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Referrer-Policy", "strict-origin-when-cross-origin")
	w.Header().Set("X-Frame-Options", "DENY")
	clean := path.Clean("/" + r.URL.Path)
	file := filepath.Join(s.dist, filepath.FromSlash(clean))
	if info, err := os.Stat(file); err == nil && !info.IsDir() {
		if strings.HasPrefix(clean, "/assets/") {
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			w.Header().Set("Cache-Control", "no-cache")
		}
		serveFile(w, r, file)
		return
	}
	if path.Ext(clean) == "" {
		w.Header().Set("Cache-Control", "no-cache")
		serveFile(w, r, index)
		return
	}
	http.NotFound(w, r)
}

func serveFile(w http.ResponseWriter, r *http.Request, name string) {
	f, err := os.Open(name)
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
	http.ServeContent(w, r, info.Name(), info.ModTime(), f)
}

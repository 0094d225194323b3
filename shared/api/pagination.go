package api

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/verde-app/verde/shared/domain"
)

const (
	DefaultLimit = 20
	MaxLimit     = 100
)

// Page is the one list shape of the API.
type Page[T any] struct {
	Items      []T     `json:"items"`
	NextCursor *string `json:"nextCursor"`
}

// ParseLimit reads ?limit= (default 20, 1..100).
func ParseLimit(r *http.Request) (int, error) {
	raw := r.URL.Query().Get("limit")
	if raw == "" && !r.URL.Query().Has("limit") {
		return DefaultLimit, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < 1 || n > MaxLimit {
		return 0, domain.ErrBadLimit(1, MaxLimit)
	}
	return n, nil
}

// Cursors seals a store position into an opaque token bound to one query
// (its scope) with an HMAC, so a client can neither forge nor replay it elsewhere.
type Cursors struct {
	Key []byte
}

type sealed struct {
	S string            `json:"s"`
	K map[string]string `json:"k"`
}

// Seal returns the cursor for position key in scope; nil when there is no next page.
func (c Cursors) Seal(scope string, key map[string]string) *string {
	if len(key) == 0 {
		return nil
	}
	body, _ := json.Marshal(sealed{S: scope, K: key})
	mac := hmac.New(sha256.New, c.Key)
	mac.Write(body)
	tok := base64.RawURLEncoding.EncodeToString(body) + "." + base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
	return &tok
}

// Open reads ?cursor= for scope; an empty cursor is the first page.
func (c Cursors) Open(r *http.Request, scope string) (map[string]string, error) {
	tok := r.URL.Query().Get("cursor")
	if tok == "" {
		return nil, nil
	}
	bad := domain.ErrBadCursor()
	var bodyPart, macPart string
	for i := len(tok) - 1; i >= 0; i-- {
		if tok[i] == '.' {
			bodyPart, macPart = tok[:i], tok[i+1:]
			break
		}
	}
	body, err1 := base64.RawURLEncoding.DecodeString(bodyPart)
	sum, err2 := base64.RawURLEncoding.DecodeString(macPart)
	if err1 != nil || err2 != nil || len(body) == 0 {
		return nil, bad
	}
	mac := hmac.New(sha256.New, c.Key)
	mac.Write(body)
	if !hmac.Equal(sum, mac.Sum(nil)) {
		return nil, bad
	}
	var s sealed
	if err := json.Unmarshal(body, &s); err != nil || s.S != scope || len(s.K) == 0 {
		return nil, bad
	}
	return s.K, nil
}

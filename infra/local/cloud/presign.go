package cloud

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
)

// verifyPresigned checks a presigned S3 request as S3 does (Signature Version 4 in the query
// string): the algorithm and credential scope, the access key (the one the functions sign
// with), the expiry, and the signature over the method, path, query and every signed header
// (a Content-Type or Content-Length other than the signed one, another key, a forged or
// altered URL: all refused). Nothing here is specific to the local cloud but the key pair.
func verifyPresigned(r *http.Request, now time.Time) error {
	q := r.URL.Query()
	if q.Get("X-Amz-Algorithm") != "AWS4-HMAC-SHA256" {
		return errors.New("AuthorizationQueryParametersError: unsupported or missing X-Amz-Algorithm")
	}
	cred := strings.Split(q.Get("X-Amz-Credential"), "/")
	if len(cred) != 5 || cred[3] != "s3" || cred[4] != "aws4_request" {
		return errors.New("AuthorizationQueryParametersError: malformed X-Amz-Credential")
	}
	accessKey, secret := os.Getenv("AWS_ACCESS_KEY_ID"), os.Getenv("AWS_SECRET_ACCESS_KEY")
	if cred[0] != accessKey {
		return errors.New("InvalidAccessKeyId")
	}
	signedAt, err := time.Parse("20060102T150405Z", q.Get("X-Amz-Date"))
	if err != nil || signedAt.Format("20060102") != cred[1] {
		return errors.New("AuthorizationQueryParametersError: bad X-Amz-Date")
	}
	expires, err := strconv.Atoi(q.Get("X-Amz-Expires"))
	if err != nil || expires < 1 || expires > 604800 {
		return errors.New("AuthorizationQueryParametersError: bad X-Amz-Expires")
	}
	if now.After(signedAt.Add(time.Duration(expires) * time.Second)) {
		return errors.New("AccessDenied: Request has expired")
	}
	if signedAt.After(now.Add(15 * time.Minute)) {
		return errors.New("AccessDenied: Request is not valid yet")
	}
	signed := strings.Split(q.Get("X-Amz-SignedHeaders"), ";")
	if !slices.Contains(signed, "host") || !slices.IsSorted(signed) {
		return errors.New("AuthorizationQueryParametersError: bad X-Amz-SignedHeaders")
	}
	payload := q.Get("X-Amz-Content-Sha256")
	if payload == "" {
		payload = "UNSIGNED-PAYLOAD"
	}
	var headers strings.Builder
	for _, h := range signed {
		headers.WriteString(h + ":" + headerValue(r, h) + "\n")
	}
	canonical := strings.Join([]string{
		r.Method, r.URL.EscapedPath(), canonicalQuery(q), headers.String(), strings.Join(signed, ";"), payload,
	}, "\n")
	scope := strings.Join(cred[1:], "/")
	sum := sha256.Sum256([]byte(canonical))
	toSign := "AWS4-HMAC-SHA256\n" + q.Get("X-Amz-Date") + "\n" + scope + "\n" + hex.EncodeToString(sum[:])
	key := []byte("AWS4" + secret)
	for _, part := range cred[1:] {
		key = hmacSHA256(key, part)
	}
	want := hex.EncodeToString(hmacSHA256(key, toSign))
	if !hmac.Equal([]byte(want), []byte(q.Get("X-Amz-Signature"))) {
		return errors.New("SignatureDoesNotMatch: the request signature we calculated does not match the signature you provided")
	}
	return nil
}

// headerValue is a signed header's canonical value as the request carries it: Host and
// Content-Length are not in r.Header in Go's server.
func headerValue(r *http.Request, name string) string {
	switch name {
	case "host":
		return r.Host
	case "content-length":
		if r.ContentLength < 0 {
			return ""
		}
		return strconv.FormatInt(r.ContentLength, 10)
	}
	vs := r.Header.Values(name)
	for i, v := range vs {
		vs[i] = strings.Join(strings.Fields(v), " ")
	}
	return strings.Join(vs, ",")
}

// canonicalQuery is every parameter but the signature, encoded as SigV4 wants, sorted.
func canonicalQuery(q url.Values) string {
	var parts []string
	for k, vs := range q {
		if k == "X-Amz-Signature" {
			continue
		}
		for _, v := range vs {
			parts = append(parts, sigv4Escape(k)+"="+sigv4Escape(v))
		}
	}
	slices.Sort(parts)
	return strings.Join(parts, "&")
}

// sigv4Escape percent-encodes everything but RFC 3986's unreserved characters.
func sigv4Escape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.' || c == '~' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

func hmacSHA256(key []byte, data string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(data))
	return m.Sum(nil)
}

// s3Error answers as S3 does: an XML error document with its code.
func s3Error(w http.ResponseWriter, status int, err error) {
	code, msg, _ := strings.Cut(err.Error(), ": ")
	w.Header().Set("Content-Type", "application/xml")
	w.WriteHeader(status)
	fmt.Fprintf(w, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>%s</Code><Message>%s</Message></Error>", code, msg)
}

package email

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/url"
	"strings"
)

// An unsubscribe link names the member and the kind of e-mail, signed with
// the stack's key (EMAIL_LINK_SECRET_ARN): it works without signing in, from
// any device, for as long as the key stays, and a link changed by hand (or
// made up) fails the check. It says nothing beyond what the e-mail it came in
// already said.

// UnsubscribeToken is the signed token of (uid, kind).
func UnsubscribeToken(key []byte, uid, kind string) string {
	return kind + "." + uid + "." + sign(key, uid, kind)
}

// VerifyUnsubscribe returns the member and kind of a token signed with key.
func VerifyUnsubscribe(key []byte, token string) (uid, kind string, ok bool) {
	kind, rest, found := strings.Cut(token, ".")
	if !found {
		return "", "", false
	}
	i := strings.LastIndex(rest, ".")
	if i <= 0 {
		return "", "", false
	}
	uid, sig := rest[:i], rest[i+1:]
	if kind == "" || uid == "" || !hmac.Equal([]byte(sig), []byte(sign(key, uid, kind))) {
		return "", "", false
	}
	return uid, kind, true
}

func sign(key []byte, uid, kind string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("verde-unsubscribe\x00" + kind + "\x00" + uid))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:18])
}

// UnsubscribePaths are where the links lead: the API's one-click endpoint
// (what List-Unsubscribe names; a mail client POSTs to it) and the site's
// page a person lands on from the footer's link (it confirms with a button,
// so a link scanner that follows links unsubscribes no one).
const (
	UnsubscribeAPIPath  = "/api/emails/descadastro"
	UnsubscribePagePath = "/emails/descadastro"
)

// UnsubscribeURLs are the one-click URL and the page's URL for token.
func UnsubscribeURLs(siteURL, token string) (oneClick, page string) {
	site := strings.TrimRight(siteURL, "/")
	q := "?t=" + url.QueryEscape(token)
	return site + UnsubscribeAPIPath + q, site + UnsubscribePagePath + q
}

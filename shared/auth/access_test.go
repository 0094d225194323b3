package auth_test

import (
	"context"
	"crypto"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"

	"github.com/verde-app/verde/shared/auth"
)

// TestAdminRoleNeedsTOTP: an admin by the record whose account has no TOTP
// MFA is refused on admin routes with a 403 saying where to turn it on, and
// is an ordinary member elsewhere; with TOTP on, the role is theirs. Cognito's
// answer is kept auth.MFATTL per token, and a token Cognito refuses is a 401.
func TestAdminRoleNeedsTOTP(t *testing.T) {
	is := newIssuer(t)
	now := time.Now()
	v := auth.NewVerifierWithKeys(is.name, clientID, &oidc.StaticKeySet{PublicKeys: []crypto.PublicKey{&is.key.PublicKey}}, func() time.Time { return now })
	v.SetAccessCheck(func(context.Context, string) (auth.Access, error) { return auth.Access{Admin: true}, nil })
	hasTOTP, asked := false, 0
	var revoked error
	v.SetTOTPCheck(func(_ context.Context, tok string) (bool, error) {
		asked++
		return hasTOTP, revoked
	})
	raw := is.sign(t, is.key, is.accessClaims())
	call := func(admin bool) (int, map[string]any) {
		var h http.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			json.NewEncoder(w).Encode(map[string]any{"admin": auth.FromContext(r.Context()).IsAdmin()})
		})
		if admin {
			h = auth.RequireAdmin(h)
		}
		req := httptest.NewRequest("GET", "/api/admin/rules", nil)
		req.Header.Set("Authorization", "Bearer "+raw)
		rec := httptest.NewRecorder()
		v.Require(h).ServeHTTP(rec, req)
		var body map[string]any
		json.Unmarshal(rec.Body.Bytes(), &body)
		return rec.Code, body
	}

	code, body := call(true)
	e, _ := body["error"].(map[string]any)
	if msg, _ := e["message"].(string); code != 403 || e["code"] != "forbidden" || !strings.Contains(msg, "verificação em duas etapas") || !strings.Contains(msg, "Configurações") {
		t.Fatalf("admin without TOTP on an admin route: %d %v", code, body)
	}
	if code, body := call(false); code != 200 || body["admin"] != false {
		t.Fatalf("admin without TOTP elsewhere: %d %v", code, body)
	}
	if asked != 1 {
		t.Errorf("Cognito asked %d times within MFATTL, want 1", asked)
	}

	// Turned on: the cached "no" holds until MFATTL, then the role is theirs.
	hasTOTP = true
	if code, _ := call(true); code != 403 {
		t.Errorf("within MFATTL: %d", code)
	}
	now = now.Add(auth.MFATTL + time.Second)
	if code, body := call(true); code != 200 || body["admin"] != true {
		t.Fatalf("admin with TOTP: %d %v", code, body)
	}
	if asked != 2 {
		t.Errorf("Cognito asked %d times, want 2", asked)
	}

	// Turned off again, or the token revoked in Cognito (signed out everywhere).
	hasTOTP = false
	now = now.Add(auth.MFATTL + time.Second)
	if code, _ := call(true); code != 403 {
		t.Errorf("admin who turned TOTP off: %d", code)
	}
	revoked = auth.ErrRevoked
	now = now.Add(auth.MFATTL + time.Second)
	if code, body := call(false); code != 401 {
		t.Errorf("token Cognito refuses: %d %v", code, body)
	}
}

// TestMembersNeverAskCognitoForTOTP: the check costs a Cognito call only for
// admins by the record.
func TestMembersNeverAskCognitoForTOTP(t *testing.T) {
	is := newIssuer(t)
	v := auth.NewVerifierWithKeys(is.name, clientID, &oidc.StaticKeySet{PublicKeys: []crypto.PublicKey{&is.key.PublicKey}}, time.Now)
	v.SetAccessCheck(func(context.Context, string) (auth.Access, error) { return auth.Access{}, nil })
	v.SetTOTPCheck(func(context.Context, string) (bool, error) {
		t.Error("a member's request asked Cognito")
		return false, nil
	})
	if code, body := serve(v, "Bearer "+is.sign(t, is.key, is.accessClaims())); code != 200 || body["admin"] != false {
		t.Fatalf("member: %d %v", code, body)
	}
}

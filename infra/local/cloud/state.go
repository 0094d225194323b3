package cloud

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// state is what the cloud remembers between starts, in DataDir/state.json: the ids cognito-local
// gave the pool and client, the HMAC key of pagination cursors, the demo admin's password.
type state struct {
	UserPoolID   string `json:"userPoolId,omitempty"`
	ClientID     string `json:"userPoolClientId,omitempty"`
	CursorSecret string `json:"cursorSecret,omitempty"`
	OriginSecret string `json:"originSecret,omitempty"`
	// EmailLinkSecret keys the e-mails' unsubscribe links (EMAIL_LINK_SECRET_ARN in AWS).
	EmailLinkSecret string `json:"emailLinkSecret,omitempty"`
	AdminPassword   string `json:"adminPassword,omitempty"`
	// AdminTOTPSecret is the demo admin's authenticator secret (admins need TOTP MFA).
	AdminTOTPSecret string `json:"adminTotpSecret,omitempty"`
}

func statePath(dataDir string) string { return filepath.Join(dataDir, "state.json") }

func loadState(dataDir string) (state, error) {
	var s state
	b, err := os.ReadFile(statePath(dataDir))
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return s, err
	}
	if err := json.Unmarshal(b, &s); err != nil {
		return s, errors.New(statePath(dataDir) + " is not valid JSON: fix or delete it (`make reset-local` starts over)")
	}
	return s, nil
}

func saveState(dataDir string, s state) error {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	tmp := statePath(dataDir) + ".tmp"
	if err := os.WriteFile(tmp, b, 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, statePath(dataDir))
}

func randomString(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

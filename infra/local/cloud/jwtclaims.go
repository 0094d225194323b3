package cloud

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
)

// UnverifiedClaims decodes a JWT's payload into into without checking its signature: the local
// stand-ins and the test tools read claims of tokens cognito-local itself issued (verifying
// them is the API's business, shared/auth).
func UnverifiedClaims(token string, into any) error {
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return errors.New("not a JWT")
	}
	raw, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return err
	}
	return json.Unmarshal(raw, into)
}

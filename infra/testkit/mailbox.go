package testkit

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/verde-app/verde/infra/local/cloud"
)

// MailsTo are the local mailbox's messages to address (what Cognito and SES would have sent),
// oldest first, read from the cloud at cloudURL.
func MailsTo(t testing.TB, cloudURL, address string) []cloud.Mail {
	t.Helper()
	resp, err := http.Get(cloudURL + cloud.MailboxPath + ".json")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var all, out []cloud.Mail
	if err := json.NewDecoder(resp.Body).Decode(&all); err != nil {
		t.Fatal(err)
	}
	for _, m := range all {
		if strings.EqualFold(m.To, address) {
			out = append(out, m)
		}
	}
	return out
}

package cloud

import (
	"strings"
	"testing"
)

// A Cognito message waits in the mailbox until Cognito fills in its code: until then no
// reader (the page, emails.json) sees it, so nobody reads "{####}" for a code.
func TestAPendingMessageIsListedOnlyOnceItsCodeIsIn(t *testing.T) {
	var m mailbox
	m.add(Mail{Via: "Cognito", To: "ana@exemplo.com", Subject: "Confirme seu e-mail no Verde", Text: "Código: {####}", pending: true})
	if got := m.list(); len(got) != 0 {
		t.Fatalf("pending message listed: %+v", got)
	}
	m.complete("ana@exemplo.com", "123456", "")
	got := m.list()
	if len(got) != 1 || !strings.Contains(got[0].Text, "123456") || strings.Contains(got[0].Text, "{####}") {
		t.Fatalf("completed message: %+v", got)
	}
}

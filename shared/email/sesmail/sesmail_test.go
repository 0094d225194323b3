package sesmail

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"

	"github.com/verde-app/verde/shared/email"
)

func sender(t *testing.T, h http.HandlerFunc) *SES {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	t.Setenv("AWS_ENDPOINT_URL_SESV2", srv.URL)
	cfg := aws.Config{Region: "sa-east-1", Credentials: credentials.NewStaticCredentialsProvider("AKIDEXAMPLE", "secret", "")}
	return NewSES(cfg, "Verde <nao-responda@example.org>")
}

func message(t *testing.T) email.Message {
	m, err := email.New("ana@example.org", "resumo", email.Content{Subject: "Resumo", Intro: []string{"Olá"}}, "https://x/api/emails/descadastro?t=1")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestSendSignsOneRawMessageForTheRecipient(t *testing.T) {
	var got struct {
		FromEmailAddress string
		Destination      struct{ ToAddresses []string }
		Content          struct{ Raw struct{ Data []byte } }
	}
	var auth, path string
	s := sender(t, func(w http.ResponseWriter, r *http.Request) {
		auth, path = r.Header.Get("Authorization"), r.URL.Path
		json.NewDecoder(r.Body).Decode(&got)
		w.Write([]byte(`{"MessageId":"1"}`))
	})
	if err := s.Send(context.Background(), message(t)); err != nil {
		t.Fatal(err)
	}
	if path != "/v2/email/outbound-emails" || !strings.HasPrefix(auth, "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/") || !strings.Contains(auth, "/sa-east-1/ses/aws4_request") {
		t.Errorf("request %s, Authorization %q", path, auth)
	}
	if got.FromEmailAddress != "Verde <nao-responda@example.org>" || len(got.Destination.ToAddresses) != 1 ||
		!strings.Contains(string(got.Content.Raw.Data), "List-Unsubscribe-Post: List-Unsubscribe=One-Click") {
		t.Errorf("body %+v", got)
	}
}

func TestARefusalIsErrRefused(t *testing.T) {
	s := sender(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Amzn-Errortype", "MessageRejected:http://internal.amazon.com/coral/com.amazonaws.sesv2/")
		w.WriteHeader(400)
		w.Write([]byte(`{"message":"Email address is not verified."}`))
	})
	err := s.Send(context.Background(), message(t))
	if !errors.Is(err, email.ErrRefused) || !strings.Contains(err.Error(), "not verified") {
		t.Fatalf("err %v", err)
	}
	s = sender(t, func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(503) })
	if err := s.Send(context.Background(), message(t)); err == nil || errors.Is(err, email.ErrRefused) {
		t.Fatalf("a 503 is no refusal: %v", err)
	}
}

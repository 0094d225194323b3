package email

import (
	"bytes"
	"io"
	"mime"
	"mime/multipart"
	"net/mail"
	"strings"
	"testing"
	"time"
)

func TestUnsubscribeTokenIsSignedAndRefusesForgeries(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	tok := UnsubscribeToken(key, "user-1", "resumo")
	uid, kind, ok := VerifyUnsubscribe(key, tok)
	if !ok || uid != "user-1" || kind != "resumo" {
		t.Fatalf("own token: %q %q %v", uid, kind, ok)
	}
	for name, forged := range map[string]string{
		"other member":    strings.Replace(tok, "user-1", "user-2", 1),
		"other kind":      strings.Replace(tok, "resumo", "lembretes", 1),
		"other key":       UnsubscribeToken([]byte("another key, another stack......"), "user-1", "resumo"),
		"no signature":    "resumo.user-1.",
		"made up":         "resumo.user-1.AAAAAAAAAAAAAAAAAAAAAAAA",
		"empty":           "",
		"signature alone": tok[strings.LastIndex(tok, ".")+1:],
	} {
		if _, _, ok := VerifyUnsubscribe(key, forged); ok {
			t.Errorf("%s: %q accepted", name, forged)
		}
	}
}

func TestMIMEHasBothPartsAndOneClickUnsubscribe(t *testing.T) {
	m, err := New("ana@example.org", "resumo", Content{Subject: "Resumo da semana: ação", Greeting: "Olá, Ana!", Intro: []string{"Colheita de alface"}},
		"https://verde.example.org/api/emails/descadastro?t=x")
	if err != nil {
		t.Fatal(err)
	}
	raw, err := m.MIME("Verde <nao-responda@example.org>", time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if got := msg.Header.Get("List-Unsubscribe"); got != "<https://verde.example.org/api/emails/descadastro?t=x>" {
		t.Errorf("List-Unsubscribe %q", got)
	}
	if got := msg.Header.Get("List-Unsubscribe-Post"); got != "List-Unsubscribe=One-Click" {
		t.Errorf("List-Unsubscribe-Post %q", got)
	}
	if subj, _ := new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject")); subj != "Resumo da semana: ação" {
		t.Errorf("subject %q", subj)
	}
	_, params, _ := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	r := multipart.NewReader(msg.Body, params["boundary"])
	var types []string
	for {
		p, err := r.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(p) // the reader undoes quoted-printable
		types = append(types, p.Header.Get("Content-Type"))
		if !strings.Contains(string(body), "Colheita de alface") {
			t.Errorf("%s part lacks the text: %q", p.Header.Get("Content-Type"), body)
		}
	}
	if strings.Join(types, ",") != "text/plain; charset=UTF-8,text/html; charset=UTF-8" {
		t.Errorf("parts %v", types)
	}
}

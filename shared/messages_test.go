package shared_test

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// The domain decides, and says so in Portuguese: every user-facing message
// is written once, in shared/domain, and store, API and Lambda code return
// domain's errors instead of writing messages of their own. Today's
// exceptions are listed in testdata/message-literals.txt, one line per
// occurrence ("path<TAB>quoted literal"); the list may only shrink:
//
//   - a message literal outside shared/domain that the list does not name
//     fails (put it in shared/domain and call it from there);
//   - a line of the list whose literal is gone fails too (delete the line,
//     or run go test ./shared -run TestMessageLiterals -args -shrink).
const messageList = "testdata/message-literals.txt"

var shrink = flag.Bool("shrink", false, "rewrite "+messageList+" without the literals that are gone (never adds one)")

// messageRoots are scanned for message literals (relative to the repository).
var messageRoots = []string{"shared", "functions"}

// notScanned hold Portuguese on purpose, and are not scanned:
//
//   - shared/domain is where messages belong;
//   - the e-mail packages are the texts of e-mails (subjects, bodies,
//     buttons, footers: templates of what the mail says, with their HTML and
//     links), not answers to a request: shared/email (the templates),
//     shared/triggers/custommessage (Cognito's codes and temporary
//     passwords), shared/digest and shared/reminders/email.go (the weekly
//     digest's and the reminders' footers).
var notScanned = []string{
	"shared/domain/",
	"shared/email/",
	"shared/triggers/custommessage/",
	"shared/digest/",
	"shared/reminders/email.go",
}

// portugueseWords mark a literal as Portuguese prose (with the accented
// letters): words English and key syntax do not use. Single letters other
// than "o" and English look-alikes ("a", "e", "no", "do", "as") are left
// out, so log lines and expressions ("SET #e = :now") are not taken.
var portugueseWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`o os ao aos da das dos de na nas um uma ou que com para por pelo pela sem
		nao voce deve devem pode podem foi ser seu sua seus suas meu minha meus minhas este esta estes estas ainda mais
		informe escolha envie digite tente apenas somente campo criado criada fase grupo cultivo lote colheita vegetal membro mes`) {
		portugueseWords[w] = true
	}
}

// looksLikeMessage is the heuristic: a capital first letter, a space, and a
// Portuguese accented letter or word.
func looksLikeMessage(s string) bool {
	r := []rune(s)
	if len(r) == 0 || !unicode.IsUpper(r[0]) || !strings.Contains(s, " ") {
		return false
	}
	if strings.ContainsAny(s, "áàâãéêíóôõúçÁÀÂÃÉÊÍÓÔÕÚÇ") {
		return true
	}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if portugueseWords[w] {
			return true
		}
	}
	return false
}

// messageLiteral is one occurrence of a message literal.
type messageLiteral struct{ path, text string }

func (m messageLiteral) line() string { return m.path + "\t" + strconv.Quote(m.text) }

// scanMessages parses every non-test Go file under root's messageRoots
// (bar notScanned) and returns the message literals, in file order, and
// how many files it parsed. Struct tags and import paths are not literals
// of the program's text.
func scanMessages(t *testing.T, root string) (out []messageLiteral, files int) {
	t.Helper()
	for _, top := range messageRoots {
		dir := filepath.Join(root, top)
		if _, err := os.Stat(dir); os.IsNotExist(err) {
			continue
		}
		err := filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, err := filepath.Rel(root, path)
			if err != nil {
				return err
			}
			rel = filepath.ToSlash(rel)
			if e.IsDir() {
				if e.Name() == "testdata" || e.Name() == "node_modules" || skipped(rel+"/") {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") || skipped(rel) {
				return nil
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			files++
			skip := map[*ast.BasicLit]bool{}
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.Field:
					if n.Tag != nil {
						skip[n.Tag] = true
					}
				case *ast.ImportSpec:
					skip[n.Path] = true
				case *ast.BasicLit:
					if n.Kind != token.STRING || skip[n] {
						return true
					}
					s, err := strconv.Unquote(n.Value)
					if err == nil && looksLikeMessage(s) {
						out = append(out, messageLiteral{rel, s})
					}
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out, files
}

func skipped(rel string) bool {
	for _, p := range notScanned {
		if strings.HasPrefix(rel, p) {
			return true
		}
	}
	return false
}

// readMessageList reads the allowed occurrences (a line per occurrence;
// blank lines and # comments aside).
func readMessageList(text string) ([]messageLiteral, error) {
	var out []messageLiteral
	for i, l := range strings.Split(text, "\n") {
		if strings.TrimSpace(l) == "" || strings.HasPrefix(l, "#") {
			continue
		}
		path, q, ok := strings.Cut(l, "\t")
		if !ok {
			return nil, fmt.Errorf("%s:%d: want path<TAB>quoted literal", messageList, i+1)
		}
		s, err := strconv.Unquote(q)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: the literal must be Go-quoted: %v", messageList, i+1, err)
		}
		out = append(out, messageLiteral{path, s})
	}
	return out, nil
}

// compareMessages returns the occurrences found that the list does not
// allow (new) and the list's lines that name nothing found any more (gone),
// counting occurrences: a literal written twice in a file takes two lines.
func compareMessages(found, allowed []messageLiteral) (added, gone []messageLiteral) {
	left := map[messageLiteral]int{}
	for _, m := range allowed {
		left[m]++
	}
	for _, m := range found {
		if left[m] > 0 {
			left[m]--
			continue
		}
		added = append(added, m)
	}
	for _, m := range allowed {
		if left[m] > 0 {
			left[m]--
			gone = append(gone, m)
		}
	}
	return added, gone
}

func TestMessageLiterals(t *testing.T) {
	found, files := scanMessages(t, "..")
	if files < 100 {
		t.Fatalf("parsed only %d Go files: is the scan looking in the right place?", files)
	}
	raw, err := os.ReadFile(messageList)
	if err != nil {
		t.Fatal(err)
	}
	allowed, err := readMessageList(string(raw))
	if err != nil {
		t.Fatal(err)
	}
	added, gone := compareMessages(found, allowed)
	for _, m := range added {
		t.Errorf("%s: user message %q outside shared/domain: write it once in shared/domain (a constant or an Err… function) and use it from there", m.path, m.text)
	}
	if len(gone) > 0 && *shrink {
		var keep []string
		stale := map[messageLiteral]int{}
		for _, m := range gone {
			stale[m]++
		}
		for _, m := range allowed {
			if stale[m] > 0 {
				stale[m]--
				continue
			}
			keep = append(keep, m.line())
		}
		if err := os.WriteFile(messageList, []byte(messageListHeader+strings.Join(keep, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: removed %d lines, %d left", messageList, len(gone), len(keep))
		return
	}
	for _, m := range gone {
		t.Errorf("%s names %s, which is gone: delete the line (the list only shrinks; -args -shrink does it)", messageList, m.line())
	}
}

const messageListHeader = `# User-facing Portuguese literals outside shared/domain that predate
# TestMessageLiterals (shared/messages_test.go): one line per occurrence,
# path<TAB>Go-quoted literal. The list only shrinks: never add a line,
# move the message to shared/domain instead.
`

// The test's two refusals, on a tree made for the purpose.
func TestMessageLiteralsRefuseNewAndStale(t *testing.T) {
	root := t.TempDir()
	write := func(rel, src string) {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("shared/store/x.go", `package store

import "errors"

type item struct {
	Nome string `+"`"+`json:"nome" doc:"O nome do membro"`+"`"+`
}

var (
	errA = errors.New("Lote não encontrado")
	errB = errors.New("Lote não encontrado")
	key  = "GROUP#"
	expr = "SET #e = if_not_exists(#e, :now)"
	log  = "EmailRecipients: %d members, at most 50 a call"
)
`)
	write("shared/store/x_test.go", `package store

var _ = "Você já participa deste grupo"
`)
	write("shared/domain/d.go", `package domain

var _ = "Você já participa deste grupo"
`)
	write("shared/email/e.go", `package email

var _ = "Veja o que aconteceu nos seus grupos"
`)
	write("functions/x/main.go", `package main

func main() { panic("Escolha um lote") }
`)
	found, files := scanMessages(t, root)
	if files != 2 {
		t.Errorf("parsed %d files, want 2 (shared/store/x.go, functions/x/main.go)", files)
	}
	want := []messageLiteral{
		{"shared/store/x.go", "Lote não encontrado"},
		{"shared/store/x.go", "Lote não encontrado"},
		{"functions/x/main.go", "Escolha um lote"},
	}
	if !slices.Equal(found, want) {
		t.Fatalf("scan found %q, want %q", found, want)
	}

	// A literal the list does not name is refused, one per occurrence.
	added, gone := compareMessages(found, want[1:])
	if len(gone) != 0 || !slices.Equal(added, want[:1]) {
		t.Errorf("a second occurrence: added %q gone %q", added, gone)
	}
	// A line of the list whose literal is gone is refused too.
	stale := messageLiteral{"shared/store/x.go", "Grupo não encontrado"}
	added, gone = compareMessages(found, append(slices.Clone(want), stale))
	if len(added) != 0 || !slices.Equal(gone, []messageLiteral{stale}) {
		t.Errorf("a stale line: added %q gone %q", added, gone)
	}
	// The list as written: quoted, comments and blank lines aside.
	list, err := readMessageList("# c\n\n" + want[0].line() + "\n" + messageLiteral{"a.go", "Tab\there \"q\""}.line() + "\n")
	if err != nil || len(list) != 2 || list[0] != want[0] || list[1].text != "Tab\there \"q\"" {
		t.Errorf("readMessageList: %q %v", list, err)
	}
	if _, err := readMessageList("shared/x.go Lote\n"); err == nil {
		t.Error("a line without a tab was read")
	}
}

func TestLooksLikeMessage(t *testing.T) {
	for s, want := range map[string]bool{
		"Lote não encontrado no grupo":                      true,
		"Cada colaborador deve ser outro membro do grupo":   true,
		"Escolha dia, semana ou mes":                        true,
		"Campo desconhecido: %s":                            true,
		"Cultivo criado":                                    true,
		"O corpo da requisição está vazio":                  true,
		"lote não encontrado":                               false, // a fragment, not a message
		"Grupo":                                             false, // a word, no sentence
		"GROUP#":                                            false,
		"SET #e = if_not_exists(#e, :now)":                  false,
		"PK = :pk AND begins_with(SK, :p)":                  false,
		"EmailRecipients: %d members, at most 50 a call":    false,
		"TABLE_NAME is not set":                             false,
		"PRODID:-//Verde//Mutiroes e escalas//PT-BR":        false,
		"EMAIL_LINK_SECRET_ARN is not set: links use a key": false,
	} {
		if got := looksLikeMessage(s); got != want {
			t.Errorf("looksLikeMessage(%q) = %v, want %v", s, got, want)
		}
	}
}

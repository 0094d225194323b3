package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"mime"
	"net/http"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/verde-app/verde/shared/domain"
)

// MaxBodyBytes is the largest request body any endpoint accepts.
const MaxBodyBytes = 64 << 10

// Validator is implemented by request bodies that check (and may clean) themselves.
type Validator interface {
	Valid() error
}

// RequireBool is the Valid of a body whose one field, a boolean named field
// in the JSON, must be sent.
func RequireBool(b *bool, field string) error {
	if b == nil {
		return domain.ErrInformeBool(field)
	}
	return nil
}

// Encode writes v as JSON with the given status.
func Encode[T any](w http.ResponseWriter, status int, v T) {
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(v); err != nil {
		slog.Error("encode response", "err", err)
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(http.StatusInternalServerError)
		io.WriteString(w, `{"error":{"code":"internal","message":"`+internalMessage+`"}}`)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	w.Write(buf.Bytes())
}

// Decode reads one JSON object of type T from the body exactly as the
// contract (openapi.yaml) describes it, and runs T's Valid when it has one:
//   - the body is sent as application/json (415 otherwise), at most
//     MaxBodyBytes, one object, valid UTF-8 (no lone surrogate escapes);
//   - field names match T's json names exactly (case-sensitive), and no
//     other field is taken;
//   - null only for a field tagged nullable:"true" (the contract's
//     [T, "null"]);
//   - an integer may be written as 5.0 or 5e0, never 5.5;
//   - numbers reach Valid as written: nothing is rounded before validation.
//
// Every failure is a *domain.Error with a Portuguese message naming the field.
func Decode[T any](r *http.Request) (T, error) {
	var v T
	if err := requireJSON(r); err != nil {
		return v, err
	}
	if r.Body == nil {
		return v, domain.ErrBodyEmpty()
	}
	data, err := io.ReadAll(io.LimitReader(r.Body, MaxBodyBytes+1))
	if err != nil {
		return v, domain.ErrBodyUnreadable()
	}
	if len(data) > MaxBodyBytes {
		return v, domain.ErrBodyTooLarge(MaxBodyBytes >> 10)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return v, domain.ErrBodyEmpty()
	}
	if !utf8.Valid(data) || hasLoneSurrogate(data) {
		return v, domain.ErrBodyNotUTF8()
	}
	if field, dup := duplicateKey(data); dup {
		return v, domain.ErrCampoRepetido(field)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var raw any
	if err := dec.Decode(&raw); err != nil {
		return v, decodeError(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return v, domain.ErrBodyNotOneObject()
	}
	if _, ok := raw.(map[string]any); !ok {
		return v, domain.ErrBodyNotObject()
	}
	norm, err := conform(raw, reflect.TypeOf(v), "", false)
	if err != nil {
		return v, err
	}
	exact, err := json.Marshal(norm)
	if err != nil {
		return v, domain.ErrBodyBadJSON()
	}
	strict := json.NewDecoder(bytes.NewReader(exact))
	strict.DisallowUnknownFields()
	if err := strict.Decode(&v); err != nil {
		return v, decodeError(err)
	}
	if val, ok := any(&v).(Validator); ok {
		if err := val.Valid(); err != nil {
			return v, err
		}
	}
	return v, nil
}

// requireJSON refuses a body sent as anything but application/json (a
// charset parameter, when given, must be UTF-8).
func requireJSON(r *http.Request) error {
	ct := r.Header.Get("Content-Type")
	mt, params, err := mime.ParseMediaType(ct)
	if ct == "" || err != nil || mt != "application/json" {
		return domain.ErrUnsupportedMediaType()
	}
	if cs, ok := params["charset"]; ok && !strings.EqualFold(cs, "utf-8") {
		return domain.ErrUnsupportedMediaType()
	}
	return nil
}

// hasLoneSurrogate finds a \uD800–\uDFFF escape that is not half of a
// pair: encoding/json would store it as U+FFFD without a word.
func hasLoneSurrogate(data []byte) bool {
	inString := false
	for i := 0; i < len(data); i++ {
		c := data[i]
		if !inString {
			if c == '"' {
				inString = true
			}
			continue
		}
		switch c {
		case '"':
			inString = false
		case '\\':
			if i+1 >= len(data) {
				return false
			}
			if data[i+1] != 'u' {
				i++
				continue
			}
			cp, ok := hex4(data, i+2)
			if !ok {
				return false // a syntax error the decoder reports
			}
			i += 5
			switch {
			case cp >= 0xDC00 && cp <= 0xDFFF:
				return true
			case cp >= 0xD800 && cp <= 0xDBFF:
				if i+6 >= len(data) || data[i+1] != '\\' || data[i+2] != 'u' {
					return true
				}
				lo, ok := hex4(data, i+3)
				if !ok || lo < 0xDC00 || lo > 0xDFFF {
					return true
				}
				i += 6
			}
		}
	}
	return false
}

func hex4(data []byte, at int) (rune, bool) {
	if at+4 > len(data) {
		return 0, false
	}
	n, err := strconv.ParseUint(string(data[at:at+4]), 16, 32)
	return rune(n), err == nil
}

// conform checks a decoded JSON value against the Go type it will fill and
// returns it ready for a strict decode: names checked case-sensitively, null
// refused where the type does not allow it, integers written as 5.0 turned
// into 5. path names the field in messages.
func conform(val any, t reflect.Type, path string, nullable bool) (any, error) {
	if val == nil {
		if nullable {
			return nil, nil
		}
		if path == "" {
			return nil, domain.ErrBodyNotObject()
		}
		return nil, domain.ErrFieldNull(path)
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct:
		obj, ok := val.(map[string]any)
		if !ok {
			return nil, typeError(path, t)
		}
		fields := jsonFields(t)
		out := make(map[string]any, len(obj))
		for _, name := range sortedKeys(obj) {
			f, ok := fields[name]
			if !ok {
				return nil, domain.ErrFieldUnknown(joinPath(path, name))
			}
			c, err := conform(obj[name], f.Type, joinPath(path, name), f.Tag.Get("nullable") == "true")
			if err != nil {
				return nil, err
			}
			out[name] = c
		}
		return out, nil
	case reflect.Slice, reflect.Array:
		list, ok := val.([]any)
		if !ok {
			return nil, typeError(path, t)
		}
		out := make([]any, len(list))
		for i, el := range list {
			c, err := conform(el, t.Elem(), fmt.Sprintf("%s[%d]", path, i), false)
			if err != nil {
				return nil, err
			}
			out[i] = c
		}
		return out, nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, ok := val.(json.Number)
		if !ok {
			return nil, typeError(path, t)
		}
		if _, err := strconv.ParseInt(string(n), 10, 64); err == nil {
			return n, nil
		}
		f, err := strconv.ParseFloat(string(n), 64)
		if err != nil || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
			return nil, typeError(path, t)
		}
		return json.Number(strconv.FormatInt(int64(f), 10)), nil
	case reflect.Float32, reflect.Float64:
		if _, ok := val.(json.Number); !ok {
			return nil, typeError(path, t)
		}
		return val, nil
	case reflect.String:
		if _, ok := val.(string); !ok {
			return nil, typeError(path, t)
		}
		return val, nil
	case reflect.Bool:
		if _, ok := val.(bool); !ok {
			return nil, typeError(path, t)
		}
		return val, nil
	default:
		return val, nil
	}
}

func typeError(path string, t reflect.Type) error {
	if path == "" {
		return domain.ErrBodyNotObject()
	}
	return domain.ErrFieldType(path, kindName(t))
}

func joinPath(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// jsonFields are a struct's fields by their exact JSON name, those of an
// embedded struct included (promoted, as encoding/json reads them).
func jsonFields(t reflect.Type) map[string]reflect.StructField {
	out := map[string]reflect.StructField{}
	for _, f := range reflect.VisibleFields(t) {
		if f.Anonymous && f.Tag.Get("json") == "" && f.Type.Kind() == reflect.Struct {
			continue // its fields are listed on their own
		}
		if !f.IsExported() || (len(f.Index) > 1 && !embeddedExported(t, f.Index)) {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[name] = f
	}
	return out
}

// embeddedExported: every struct on the way to a promoted field is embedded
// and exported, so encoding/json decodes into it.
func embeddedExported(t reflect.Type, index []int) bool {
	for _, i := range index[:len(index)-1] {
		f := t.Field(i)
		if !f.IsExported() || f.Tag.Get("json") != "" {
			return false
		}
		t = f.Type
		if t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
	}
	return true
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func decodeError(err error) error {
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case errors.As(err, &typeErr):
		field := typeErr.Field
		if field == "" {
			return domain.ErrBodyNotObject()
		}
		return domain.ErrFieldType(field, kindName(typeErr.Type))
	case errors.As(err, &syntaxErr), errors.Is(err, io.ErrUnexpectedEOF):
		return domain.ErrBodyBadJSON()
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return domain.ErrFieldUnknown(field)
	default:
		return domain.ErrBodyBadJSON()
	}
}

func kindName(t reflect.Type) domain.JSONKind {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return domain.JSONTexto
	case reflect.Bool:
		return domain.JSONBooleano
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return domain.JSONInteiro
	case reflect.Float32, reflect.Float64:
		return domain.JSONNumero
	case reflect.Slice, reflect.Array:
		return domain.JSONLista
	default:
		return domain.JSONObjeto
	}
}

// duplicateKey finds an object in data that names a field twice (at any
// depth): encoding/json would keep the last value silently, another parser
// the first. It returns the field's name.
func duplicateKey(data []byte) (string, bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	type frame struct {
		keys map[string]bool // nil for an array
		key  bool            // the next token of this object is a key
	}
	var stack []*frame
	for {
		tok, err := dec.Token()
		if err != nil {
			return "", false // the end, or malformed JSON: the decoder's to report
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if s, ok := tok.(string); ok && top != nil && top.keys != nil && top.key {
			if top.keys[s] {
				return s, true
			}
			top.keys[s], top.key = true, false
			continue
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &frame{keys: map[string]bool{}, key: true})
			continue
		case json.Delim('['):
			stack = append(stack, &frame{})
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				return "", false
			}
			top = stack[len(stack)-1]
		}
		if top != nil && top.keys != nil {
			top.key = true // a value ended: a key comes next
		}
	}
}

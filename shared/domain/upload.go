package domain

import (
	"fmt"
	"slices"
	"strings"
)

// Photo uploads: the browser asks POST /api/uploads for a presigned PUT, sends the photo straight
// to the uploads bucket, then names the key in the item that shows it (a diary entry, a harvest,
// the profile's foto, a group's fotoCapa). The server checks the object before any item refers to it.

// MaxFotoBytes is the largest photo the bucket accepts (5 MB).
const MaxFotoBytes = 5 * 1024 * 1024

// FotoTypes are the accepted content types and the key extension of each.
var FotoTypes = map[string]string{"image/jpeg": "jpg", "image/png": "png", "image/webp": "webp"}

// Upload purposes: what the photo is for (the key's first part under the member's prefix).
const (
	FotoDiario   = "diario"
	FotoColheita = "colheita"
	FotoPerfil   = "perfil"
	FotoCapa     = "capa"
	FotoPost     = "post"
)

var FotoPurposes = []string{FotoDiario, FotoColheita, FotoPerfil, FotoCapa, FotoBanner, FotoPost}

// UploadInput is the body of POST /api/uploads.
type UploadInput struct {
	ContentType string `json:"contentType"`
	Size        int64  `json:"size"`
	Purpose     string `json:"purpose"`
}

// Valid checks the declared type and size and returns the key extension.
func (in *UploadInput) Valid() (string, error) {
	in.ContentType = strings.ToLower(strings.TrimSpace(in.ContentType))
	ext, ok := FotoTypes[in.ContentType]
	if !ok {
		return "", Invalid("contentType", "Envie uma foto JPEG, PNG ou WebP")
	}
	if in.Size <= 0 {
		return "", Invalid("size", "A foto está vazia")
	}
	if in.Size > MaxFotoBytes {
		return "", Invalid("size", fmt.Sprintf("A foto deve ter no máximo %d MB", MaxFotoBytes/1024/1024))
	}
	if !slices.Contains(FotoPurposes, in.Purpose) {
		return "", Invalid("purpose", "Finalidade da foto inválida")
	}
	return ext, nil
}

// FotoKey is a fresh key under uid's prefix for a photo of purpose.
func FotoKey(uid, purpose, id, ext string) string {
	return PhotoKeyPrefix(uid) + purpose + "/" + id + "." + ext
}

// FotoMagicLen is how many first bytes SniffFoto needs.
const FotoMagicLen = 12

// SniffFoto reports whether head (the object's first bytes) starts like a JPEG, PNG or WebP.
func SniffFoto(head []byte) bool {
	switch {
	case len(head) >= 3 && head[0] == 0xFF && head[1] == 0xD8 && head[2] == 0xFF:
		return true
	case len(head) >= 8 && string(head[:8]) == "\x89PNG\r\n\x1a\n":
		return true
	case len(head) >= 12 && string(head[:4]) == "RIFF" && string(head[8:12]) == "WEBP":
		return true
	}
	return false
}

// ErrFotoObject is the 400 of a key whose object is missing, too big or not an image.
func ErrFotoObject(field, why string) *Error { return Invalid(field, why) }

// IsFotoKey reports whether v is an upload key (not an https:// address).
func IsFotoKey(v string) bool { return v != "" && !strings.HasPrefix(v, "https://") }

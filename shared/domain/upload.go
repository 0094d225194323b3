package domain

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Photo uploads: the browser asks POST /api/uploads for a presigned PUT and sends the photo
// straight to the uploads bucket, under the quarantine prefix, which nothing serves. The item
// that shows the photo (a diary entry, a harvest, a post, the profile's foto, a group's
// fotoCapa, a banner) names that quarantine key; the photo processor decodes it, applies its
// orientation, drops its metadata and writes its variants under fotos/, where no presigned URL
// can write, and deletes the quarantined original. The item stores the key of the largest
// variant (FotoVariants derives the others from it).

// MaxFotoBytes is the largest photo the bucket accepts (5 MB).
const MaxFotoBytes = 5 * 1024 * 1024

// MaxFotoSide and MaxFotoPixels bound a photo's dimensions (a 24-megapixel camera's 6000×4000
// fits, a decompression bomb does not): checked at presign on the declared size and by the
// processor on the file's own header, before it decodes a pixel.
const (
	MaxFotoSide   = 10000
	MaxFotoPixels = 25_000_000
)

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
	Width       int    `json:"width"`
	Height      int    `json:"height"`
	Purpose     string `json:"purpose"`
}

// Valid checks the declared type, size and dimensions and returns the key extension.
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
		return "", ErrFotoTooLarge("size")
	}
	if in.Width <= 0 {
		return "", Invalid("width", "Informe a largura da foto em pixels")
	}
	if in.Height <= 0 {
		return "", Invalid("height", "Informe a altura da foto em pixels")
	}
	if in.Width > MaxFotoSide || int64(in.Width)*int64(in.Height) > MaxFotoPixels {
		return "", ErrFotoDimensions("width")
	}
	if in.Height > MaxFotoSide {
		return "", ErrFotoDimensions("height")
	}
	if !slices.Contains(FotoPurposes, in.Purpose) {
		return "", Invalid("purpose", "Finalidade da foto inválida")
	}
	return ext, nil
}

// ErrFotoTooLarge is the 400 of a photo over MaxFotoBytes.
func ErrFotoTooLarge(field string) *Error {
	return Invalid(field, fmt.Sprintf("A foto deve ter no máximo %d MB", MaxFotoBytes/1024/1024))
}

// ErrFotoDimensions is the 400 of a photo over MaxFotoSide or MaxFotoPixels.
func ErrFotoDimensions(field string) *Error {
	return Invalid(field, fmt.Sprintf("A foto deve ter no máximo %d megapixels e %s pixels de lado",
		MaxFotoPixels/1_000_000, thousands(MaxFotoSide)))
}

func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "." + s[i:]
	}
	return s
}

// QuarantinePrefix is where presigned PUTs write: nothing serves it, the processor reads it,
// and the bucket deletes what is left there after a day.
const QuarantinePrefix = "quarantine/"

// QuarantineKey is a fresh upload's key under uid's quarantine prefix.
func QuarantineKey(uid, purpose, id, ext string) string {
	return QuarantinePrefix + uid + "/" + purpose + "/" + id + "." + ext
}

// UploadPrefix is where a user's uploads wait for the processor.
func UploadPrefix(uid string) string { return QuarantinePrefix + uid + "/" }

// Upload is a quarantine key's parts.
type Upload struct {
	UserID, Purpose, ID, Ext string
}

var quarantineKey = LazyRegexp(`^quarantine/([A-Za-z0-9_-]{1,128})/([a-z]{1,16})/([0-9a-f-]{36})\.(jpg|png|webp)$`)

// ParseUpload reads a quarantine key; ok is false for anything else.
func ParseUpload(key string) (u Upload, ok bool) {
	m := quarantineKey().FindStringSubmatch(key)
	if m == nil || !slices.Contains(FotoPurposes, m[2]) {
		return Upload{}, false
	}
	return Upload{UserID: m[1], Purpose: m[2], ID: m[3], Ext: m[4]}, true
}

// FotoDir is where the processor writes the variants of upload u: fotos/<uid>/<purpose>/<id>/.
func (u Upload) FotoDir() string { return PhotoKeyPrefix(u.UserID) + u.Purpose + "/" + u.ID + "/" }

// Processed photos: each a directory of WebP variants named by their size in pixels,
// fotos/<uid>/<purpose>/<id>/<w>x<h>.webp. The largest fits in FotoLargest on its longer side;
// the others are FotoWidths narrower than it, at its aspect ratio. An item stores the largest
// variant's key: a browser (spa/src/lib/media.ts) derives the others from its name.

// FotoLargest bounds the largest variant's longer side (a photo is never enlarged).
const FotoLargest = 1280

// FotoWidths are the widths of the smaller variants: a 36 px avatar at 3× takes 160, a 280 px
// feed photo 640 at 2× and 960 at 3×.
var FotoWidths = []int{160, 320, 640, 960}

// FotoSize is a variant's size in pixels.
type FotoSize struct{ W, H int }

// FotoLargestSize is the largest variant of a w×h photo (already oriented).
func FotoLargestSize(w, h int) FotoSize {
	if w <= FotoLargest && h <= FotoLargest {
		return FotoSize{w, h}
	}
	if w >= h {
		return FotoSize{FotoLargest, max(1, roundDiv(h*FotoLargest, w))}
	}
	return FotoSize{max(1, roundDiv(w*FotoLargest, h)), FotoLargest}
}

// FotoVariants are the sizes of a photo whose largest variant is largest, narrowest first.
func FotoVariants(largest FotoSize) []FotoSize {
	var out []FotoSize
	for _, w := range FotoWidths {
		if w < largest.W {
			out = append(out, FotoSize{w, max(1, roundDiv(largest.H*w, largest.W))})
		}
	}
	return append(out, largest)
}

// roundDiv is a/b rounded half up (a, b > 0): the same integer arithmetic as the SPA's.
func roundDiv(a, b int) int { return (2*a + b) / (2 * b) }

// FotoVariantKey is the key of one variant in dir (Upload.FotoDir).
func FotoVariantKey(dir string, s FotoSize) string {
	return dir + strconv.Itoa(s.W) + "x" + strconv.Itoa(s.H) + ".webp"
}

var processedKey = LazyRegexp(`^fotos/([A-Za-z0-9_-]{1,128})/([a-z]{1,16})/([0-9a-f-]{36})/([1-9][0-9]{0,4})x([1-9][0-9]{0,4})\.webp$`)

// ProcessedFoto is a processed photo's stored key, read.
type ProcessedFoto struct {
	Dir     string // fotos/<uid>/<purpose>/<id>/
	UserID  string
	Largest FotoSize
}

// ParseProcessedFoto reads the key an item stores; ok is false for anything else (an upload
// still in quarantine, a key stored before photos were processed, an https:// address).
func ParseProcessedFoto(key string) (p ProcessedFoto, ok bool) {
	m := processedKey().FindStringSubmatch(key)
	if m == nil {
		return ProcessedFoto{}, false
	}
	w, _ := strconv.Atoi(m[4])
	h, _ := strconv.Atoi(m[5])
	return ProcessedFoto{Dir: strings.TrimSuffix(key, m[4]+"x"+m[5]+".webp"), UserID: m[1], Largest: FotoSize{w, h}}, true
}

// IsFotoKey reports whether v is an upload key (not an https:// address).
func IsFotoKey(v string) bool { return v != "" && !strings.HasPrefix(v, "https://") }

// Why the processor refuses an upload, each with its message (ErrFotoRefused).
const (
	FotoMissing    = "ausente"    // no object under the key (never sent, or expired)
	FotoTooLarge   = "grande"     // over MaxFotoBytes
	FotoNotImage   = "formato"    // not a JPEG, PNG or WebP (an SVG, a text, a GIF …)
	FotoDimensions = "dimensoes"  // over MaxFotoSide or MaxFotoPixels
	FotoTrailing   = "poliglota"  // bytes after the image's end: a file that is two things at once
	FotoCorrupt    = "corrompida" // the format's header but not a decodable image
)

// ErrFotoRefused is the 400 naming field for the processor's reason.
func ErrFotoRefused(field, reason string) *Error {
	switch reason {
	case FotoMissing:
		return Invalid(field, "A foto não foi encontrada: envie a foto novamente")
	case FotoTooLarge:
		return ErrFotoTooLarge(field)
	case FotoNotImage:
		return Invalid(field, "O arquivo enviado não é uma foto JPEG, PNG ou WebP")
	case FotoDimensions:
		return ErrFotoDimensions(field)
	case FotoTrailing:
		return Invalid(field, "O arquivo enviado tem outros dados além da foto: envie apenas a foto")
	}
	return Invalid(field, "Não foi possível ler a foto enviada: envie outra foto")
}

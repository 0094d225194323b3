// Package photoproc is the photo processor (PhotosFunction): it turns an upload waiting in
// quarantine into the WebP variants the site serves, or refuses it. Only this function links
// the image codecs; the API functions invoke it (shared/api/kit.Photos).
package photoproc

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"

	"github.com/gen2brain/webp"
	"golang.org/x/image/draw"
	xwebp "golang.org/x/image/webp"

	"github.com/verde-app/verde/shared/domain"
)

// Quality is the WebP encoder's quality (libwebp's scale, 0–100): 75 is libwebp's default,
// and at the sizes a phone shows it is indistinguishable from the upload.
const Quality = 75

// Variant is one processed size of a photo, encoded.
type Variant struct {
	Size domain.FotoSize
	Data []byte
}

// Refusal is an upload the processor will not publish, with the reason the item's 400 names
// (domain.ErrFotoRefused).
type Refusal struct{ Reason string }

func (r *Refusal) Error() string { return "photo refused: " + r.Reason }

func refuse(reason string) error { return &Refusal{Reason: reason} }

// Process decodes an upload (JPEG, PNG or WebP, nothing else), refuses what is not one image
// within the limits (domain.MaxFotoBytes, MaxFotoSide, MaxFotoPixels; checked on the header
// before any pixel is decoded) or has bytes after its end, applies its EXIF orientation and
// encodes its variants (domain.FotoVariants) as WebP. Nothing of the original but its pixels
// survives: no EXIF (GPS), no XMP, no ICC profile, no comment, no trailing bytes.
func Process(data []byte) ([]Variant, error) {
	if len(data) > domain.MaxFotoBytes {
		return nil, refuse(domain.FotoTooLarge)
	}
	f := sniff(data)
	if f == formatUnknown {
		return nil, refuse(domain.FotoNotImage)
	}
	l, err := walk(f, data)
	if err != nil {
		return nil, refuse(domain.FotoCorrupt)
	}
	if l.end != len(data) {
		return nil, refuse(domain.FotoTrailing)
	}
	cfg, err := decodeConfig(f, data)
	if err != nil {
		return nil, refuse(domain.FotoCorrupt)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > domain.MaxFotoSide || cfg.Height > domain.MaxFotoSide ||
		int64(cfg.Width)*int64(cfg.Height) > domain.MaxFotoPixels {
		return nil, refuse(domain.FotoDimensions)
	}
	img, err := decode(f, data)
	if err != nil {
		return nil, refuse(domain.FotoCorrupt)
	}
	o := orientation(l.exif)
	b := img.Bounds()
	ow, oh := b.Dx(), b.Dy()
	if rotated(o) {
		ow, oh = oh, ow
	}
	sizes := domain.FotoVariants(domain.FotoLargestSize(ow, oh))
	largest := sizes[len(sizes)-1]
	// Scale the stored image to the largest variant first (in the stored orientation: a
	// quarter turn of 1280 px is cheap, of 12 megapixels is not), then turn it.
	tw, th := largest.W, largest.H
	if rotated(o) {
		tw, th = th, tw
	}
	scaled := image.NewRGBA(image.Rect(0, 0, tw, th))
	draw.CatmullRom.Scale(scaled, scaled.Rect, img, b, draw.Src, nil)
	img = nil
	top := orient(scaled, o)
	out := make([]Variant, len(sizes))
	for i := len(sizes) - 1; i >= 0; i-- {
		s := sizes[i]
		m := top
		if s != largest {
			m = image.NewRGBA(image.Rect(0, 0, s.W, s.H))
			draw.CatmullRom.Scale(m, m.Rect, top, top.Rect, draw.Src, nil)
		}
		var buf bytes.Buffer
		if err := webp.Encode(&buf, m, webp.Options{Quality: Quality}); err != nil {
			return nil, fmt.Errorf("encode %dx%d: %w", s.W, s.H, err)
		}
		out[i] = Variant{Size: s, Data: buf.Bytes()}
	}
	return out, nil
}

// StartEncoder readies the WebP encoder (libwebp compiled to WebAssembly, compiled for this
// CPU by wazero once per process); the first Process does it otherwise. For make bench, which
// reports it apart.
func StartEncoder() { webp.Init() }

// decoders are the maintained decoders of each format.
var decoders = map[format]struct {
	config func(io.Reader) (image.Config, error)
	decode func(io.Reader) (image.Image, error)
}{
	formatJPEG: {jpeg.DecodeConfig, jpeg.Decode},
	formatPNG:  {png.DecodeConfig, png.Decode},
	formatWebP: {xwebp.DecodeConfig, xwebp.Decode},
}

func decodeConfig(f format, data []byte) (image.Config, error) {
	d, ok := decoders[f]
	if !ok {
		return image.Config{}, errors.New("unknown format")
	}
	return d.config(bytes.NewReader(data))
}

func decode(f format, data []byte) (image.Image, error) {
	d, ok := decoders[f]
	if !ok {
		return nil, errors.New("unknown format")
	}
	return d.decode(bytes.NewReader(data))
}

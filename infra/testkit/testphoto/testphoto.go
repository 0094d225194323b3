// Package testphoto makes the image files the photo tests upload: real JPEGs and PNGs (the
// standard encoders), with the EXIF a phone writes, and the hostile files the processor must
// refuse. It imports nothing of Verde's, so the processor's unit tests and the API's black-box
// tests share it.
package testphoto

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math/rand"
	"testing"
)

// Marker is the colour of the top-left 1/8 of every image made here (the rest is a green
// gradient), so a test can tell where the stored top-left corner went.
var Marker = color.RGBA{R: 230, G: 20, B: 20, A: 255}

// Image is a w×h picture: a gradient with the marker in the top-left corner.
func Image(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := color.RGBA{R: uint8(x * 200 / w), G: 150, B: uint8(y * 200 / h), A: 255}
			if x < w/8 && y < h/8 {
				c = Marker
			}
			o := img.PixOffset(x, y)
			img.Pix[o], img.Pix[o+1], img.Pix[o+2], img.Pix[o+3] = c.R, c.G, c.B, c.A
		}
	}
	return img
}

// JPEG is Image(w, h) as a JPEG.
func JPEG(t testing.TB, w, h int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, Image(w, h), &jpeg.Options{Quality: 85}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// PNG is Image(w, h) as a PNG.
func PNG(t testing.TB, w, h int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, Image(w, h)); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// Home is what the EXIF of PhoneJPEG gives away: text a served variant must never contain.
const Home = "Rua das Hortas 42, Campinas"

// PhoneJPEG is a w×h JPEG as a phone writes it: an EXIF block (APP1) with the orientation
// tag, a description and a GPS position (22°54'S 47°03'W), right after SOI.
func PhoneJPEG(t testing.TB, w, h, orientation int) []byte {
	t.Helper()
	plain := JPEG(t, w, h)
	exif := append([]byte("Exif\x00\x00"), tiff(orientation)...)
	seg := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(len(exif)+2))
	out := append([]byte{}, plain[:2]...)
	out = append(out, seg...)
	out = append(out, exif...)
	return append(out, plain[2:]...)
}

// tiff is a little-endian TIFF structure: IFD0 with Orientation, ImageDescription and a GPS
// IFD pointer; the GPS IFD with latitude and longitude.
func tiff(orientation int) []byte {
	le := binary.LittleEndian
	desc := append([]byte(Home), 0)
	const ifd0 = 8
	const ifd0Len = 2 + 3*12 + 4
	descAt := ifd0 + ifd0Len
	gpsAt := descAt + len(desc)
	const gpsLen = 2 + 4*12 + 4
	ratAt := gpsAt + gpsLen
	b := make([]byte, ratAt+6*8)
	copy(b, "II")
	le.PutUint16(b[2:], 42)
	le.PutUint32(b[4:], ifd0)
	entry := func(at, tag, typ, count, value int) {
		le.PutUint16(b[at:], uint16(tag))
		le.PutUint16(b[at+2:], uint16(typ))
		le.PutUint32(b[at+4:], uint32(count))
		le.PutUint32(b[at+8:], uint32(value))
	}
	le.PutUint16(b[ifd0:], 3)
	entry(ifd0+2, 0x010E, 2, len(desc), descAt) // ImageDescription
	entry(ifd0+14, 0x0112, 3, 1, orientation)   // Orientation (SHORT in the first two bytes)
	entry(ifd0+26, 0x8825, 4, 1, gpsAt)         // GPS IFD
	copy(b[descAt:], desc)
	le.PutUint16(b[gpsAt:], 4)
	entry(gpsAt+2, 1, 2, 2, int('S'))  // GPSLatitudeRef
	entry(gpsAt+14, 2, 5, 3, ratAt)    // GPSLatitude
	entry(gpsAt+26, 3, 2, 2, int('W')) // GPSLongitudeRef
	entry(gpsAt+38, 4, 5, 3, ratAt+24) // GPSLongitude
	for i, v := range []uint32{22, 54, 0, 47, 3, 0} {
		le.PutUint32(b[ratAt+8*i:], v)
		le.PutUint32(b[ratAt+8*i+4:], 1)
	}
	return b
}

// WithScript is a real PNG with an HTML script appended after IEND: a polyglot that is a valid
// image to a decoder and a page to anything that sniffs further.
func WithScript(t testing.TB) []byte {
	return append(PNG(t, 64, 48), []byte("<script>fetch('/api/me').then(r=>r.text()).then(alert)</script>")...)
}

// SVG is an SVG image with a script.
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>`

// Bomb is a valid side×side PNG (1-bit grey, all black) that compresses to kilobytes but
// decodes to side² bytes: 20,000 gives 400 MB of pixels from a ~50 kB file.
func Bomb(t testing.TB, side int) []byte {
	t.Helper()
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		var n [4]byte
		binary.BigEndian.PutUint32(n[:], uint32(len(data)))
		out.Write(n[:])
		out.WriteString(typ)
		out.Write(data)
		crc := crc32.NewIEEE()
		crc.Write([]byte(typ))
		crc.Write(data)
		binary.BigEndian.PutUint32(n[:], crc.Sum32())
		out.Write(n[:])
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(side))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(side))
	ihdr[8], ihdr[9] = 1, 0 // bit depth 1, greyscale
	chunk("IHDR", ihdr)
	var idat bytes.Buffer
	z, err := zlib.NewWriterLevel(&idat, zlib.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	row := make([]byte, 1+(side+7)/8) // filter byte 0, then zeros
	for y := 0; y < side; y++ {
		z.Write(row)
	}
	z.Close()
	chunk("IDAT", idat.Bytes())
	chunk("IEND", nil)
	return out.Bytes()
}

// Camera is a photo-like w×h picture: smooth light, texture at several scales and sensor noise,
// from seed. Unlike Image's gradient it compresses as a camera photo does: 4032×3024 at JPEG
// quality 90 is about 3 MB, as a phone's 12-megapixel photo is. For figures (make bench), not
// for checks of where pixels go.
func Camera(w, h int, seed int64) *image.RGBA {
	r := rand.New(rand.NewSource(seed))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	type layer struct {
		g    [][3]float64
		n    int
		cell int
		amp  float64
	}
	var layers []layer
	for _, c := range []struct {
		cell int
		amp  float64
	}{{512, 90}, {128, 50}, {32, 25}, {8, 14}, {2, 8}} {
		gw, gh := w/c.cell+2, h/c.cell+2
		g := make([][3]float64, gw*gh)
		for i := range g {
			g[i] = [3]float64{r.Float64()*2 - 1, r.Float64()*2 - 1, r.Float64()*2 - 1}
		}
		layers = append(layers, layer{g, gw, c.cell, c.amp})
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			v := [3]float64{110, 140, 80}
			for _, l := range layers {
				fx, fy := float64(x)/float64(l.cell), float64(y)/float64(l.cell)
				ix, iy := int(fx), int(fy)
				tx, ty := fx-float64(ix), fy-float64(iy)
				tx, ty = tx*tx*(3-2*tx), ty*ty*(3-2*ty)
				for c := 0; c < 3; c++ {
					a := l.g[iy*l.n+ix][c]*(1-tx) + l.g[iy*l.n+ix+1][c]*tx
					b := l.g[(iy+1)*l.n+ix][c]*(1-tx) + l.g[(iy+1)*l.n+ix+1][c]*tx
					v[c] += l.amp * (a*(1-ty) + b*ty)
				}
			}
			noise := (r.Float64() - 0.5) * 10
			o := img.PixOffset(x, y)
			for c := 0; c < 3; c++ {
				img.Pix[o+c] = uint8(max(0, min(255, v[c]+noise)))
			}
			img.Pix[o+3] = 255
		}
	}
	return img
}

// CameraJPEG is Camera(w, h, seed) as a JPEG at quality 90, as a phone writes it.
func CameraJPEG(w, h int, seed int64) ([]byte, error) {
	var buf bytes.Buffer
	err := jpeg.Encode(&buf, Camera(w, h, seed), &jpeg.Options{Quality: 90})
	return buf.Bytes(), err
}

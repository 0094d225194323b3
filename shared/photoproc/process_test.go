package photoproc

import (
	"bytes"
	"errors"
	"image"
	"testing"

	"github.com/gen2brain/webp"
	xwebp "golang.org/x/image/webp"

	"github.com/verde-app/verde/infra/testkit/testphoto"
	"github.com/verde-app/verde/shared/domain"
)

// A phone's 12-megapixel JPEG held sideways (EXIF orientation 6, with GPS): four WebP
// variants, upright, none larger than 1280 px, no byte of its metadata.
func TestProcessTurnsResizesAndStripsAPhonePhoto(t *testing.T) {
	src := testphoto.PhoneJPEG(t, 4032, 3024, 6)
	if !bytes.Contains(src, []byte(testphoto.Home)) {
		t.Fatal("the fixture lacks its EXIF")
	}
	vs, err := Process(src)
	if err != nil {
		t.Fatal(err)
	}
	want := []domain.FotoSize{{W: 160, H: 213}, {W: 320, H: 427}, {W: 640, H: 853}, {W: 960, H: 1280}}
	if len(vs) != len(want) {
		t.Fatalf("%d variants", len(vs))
	}
	for i, v := range vs {
		if v.Size != want[i] {
			t.Errorf("variant %d: %v, want %v", i, v.Size, want[i])
		}
		img := decodeWebP(t, v.Data)
		if b := img.Bounds(); b.Dx() != v.Size.W || b.Dy() != v.Size.H {
			t.Errorf("variant %v decodes as %v", v.Size, b)
		}
		for _, leak := range []string{testphoto.Home, "Exif", "EXIF", "XMP", "ICCP"} {
			if bytes.Contains(v.Data, []byte(leak)) {
				t.Errorf("variant %v contains %q", v.Size, leak)
			}
		}
		// Orientation 6 turns the stored image a quarter clockwise: the stored top-left
		// corner (the red marker) is now the top-right one.
		if !isMarker(img.At(v.Size.W-v.Size.W/32-1, v.Size.H/32)) || isMarker(img.At(v.Size.W/32, v.Size.H/32)) {
			t.Errorf("variant %v is not upright: top-left %v top-right %v", v.Size, img.At(1, 1), img.At(v.Size.W-2, 1))
		}
	}
}

func TestProcessAppliesEveryOrientation(t *testing.T) {
	// Where the stored top-left marker must end up: which corner (left?, top?).
	corners := map[int][2]bool{1: {true, true}, 2: {false, true}, 3: {false, false}, 4: {true, false},
		5: {true, true}, 6: {false, true}, 7: {false, false}, 8: {true, false}}
	for o := 1; o <= 8; o++ {
		vs, err := Process(testphoto.PhoneJPEG(t, 400, 200, o))
		if err != nil {
			t.Fatal(err)
		}
		v := vs[len(vs)-1]
		w, h := 400, 200
		if o >= 5 {
			w, h = 200, 400
		}
		if v.Size != (domain.FotoSize{W: w, H: h}) {
			t.Errorf("orientation %d: %v", o, v.Size)
		}
		img := decodeWebP(t, v.Data)
		x, y := w/32, h/32
		if !corners[o][0] {
			x = w - 1 - x
		}
		if !corners[o][1] {
			y = h - 1 - y
		}
		if !isMarker(img.At(x, y)) {
			t.Errorf("orientation %d: no marker at (%d,%d)", o, x, y)
		}
	}
}

func TestProcessTakesPNGAndWebPAndKeepsSmallPhotosSmall(t *testing.T) {
	var wb bytes.Buffer
	if err := webp.Encode(&wb, testphoto.Image(300, 200), webp.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"png": testphoto.PNG(t, 300, 200), "webp": wb.Bytes()} {
		vs, err := Process(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(vs) != 2 || vs[0].Size != (domain.FotoSize{W: 160, H: 107}) || vs[1].Size != (domain.FotoSize{W: 300, H: 200}) {
			t.Errorf("%s: %+v", name, sizes(vs))
		}
	}
}

func TestProcessRefusesWhatIsNotOnePhoto(t *testing.T) {
	jpeg := testphoto.JPEG(t, 64, 48)
	for _, c := range []struct {
		name   string
		data   []byte
		reason string
	}{
		{"png with a script appended", testphoto.WithScript(t), domain.FotoTrailing},
		{"jpeg with a zip appended", append(append([]byte{}, jpeg...), "PK\x03\x04fake zip"...), domain.FotoTrailing},
		{"svg", []byte(testphoto.SVG), domain.FotoNotImage},
		{"gif", []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), domain.FotoNotImage},
		{"text", []byte("isto não é uma foto"), domain.FotoNotImage},
		{"20,000 × 20,000 png", testphoto.Bomb(t, 20000), domain.FotoDimensions},
		{"truncated jpeg", jpeg[:len(jpeg)/2], domain.FotoCorrupt},
		{"png header only", []byte("\x89PNG\r\n\x1a\n\x00\x00"), domain.FotoCorrupt},
		{"over 5 MB", append(jpeg, make([]byte, domain.MaxFotoBytes)...), domain.FotoTooLarge},
	} {
		_, err := Process(c.data)
		var r *Refusal
		if !errors.As(err, &r) || r.Reason != c.reason {
			t.Errorf("%s: %v, want refusal %q", c.name, err, c.reason)
		}
	}
}

func sizes(vs []Variant) []domain.FotoSize {
	var out []domain.FotoSize
	for _, v := range vs {
		out = append(out, v.Size)
	}
	return out
}

func decodeWebP(t *testing.T, data []byte) image.Image {
	t.Helper()
	img, err := xwebp.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("variant does not decode: %v", err)
	}
	return img
}

func isMarker(c interface{ RGBA() (r, g, b, a uint32) }) bool {
	r, g, b, _ := c.RGBA()
	return r>>8 > 180 && g>>8 < 80 && b>>8 < 80
}

package main

import (
	"bytes"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/verde-app/verde/shared/domain"
)

// The checked-in image is what Draw draws, at the size the previews announce
// (og:image:width and og:image:height). Anti-aliasing may round a channel
// differently on another CPU (the rasterizer has assembly for some), so pixels
// may differ by a few levels, no more.
func TestTheCheckedInImageIsWhatThisDraws(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", Path))
	if err != nil {
		t.Fatalf("%v: run go run ./tools/ogimage", err)
	}
	have, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if b := have.Bounds(); b.Dx() != domain.PreviewDefaultWidth || b.Dy() != domain.PreviewDefaultHeight {
		t.Fatalf("%s is %dx%d, the previews say %dx%d", Path, b.Dx(), b.Dy(), domain.PreviewDefaultWidth, domain.PreviewDefaultHeight)
	}
	drawn, err := Draw()
	if err != nil {
		t.Fatal(err)
	}
	want, _ := png.Decode(bytes.NewReader(drawn))
	off := 0
	for y := 0; y < domain.PreviewDefaultHeight; y++ {
		for x := 0; x < domain.PreviewDefaultWidth; x++ {
			if far(have.At(x, y), want.At(x, y)) {
				off++
			}
		}
	}
	if off > 0 {
		t.Errorf("%d pixels of %s are not what tools/ogimage draws: run go run ./tools/ogimage", off, Path)
	}
	if len(raw) > 100_000 {
		t.Errorf("%s is %d bytes: crawlers take small images best", Path, len(raw))
	}
}

func far(a, b color.Color) bool {
	r1, g1, b1, _ := a.RGBA()
	r2, g2, b2, _ := b.RGBA()
	d := func(x, y uint32) bool { return max(x, y)-min(x, y) > 4<<8 }
	return d(r1, r2) || d(g1, g2) || d(b1, b2)
}

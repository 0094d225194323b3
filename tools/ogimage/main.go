// Command ogimage draws the site's default link-preview image, spa/public/og-verde.png: the
// 1200 × 630 picture (Open Graph's and Twitter's large-card size) a shared link shows when its
// page has no photo of its own (domain.PreviewDefaultImage; docs/link-previews.md). Verde's leaf,
// as in spa/public/favicon.svg, its name and what it is, in the site's colours and the Go fonts.
//
//	go run ./tools/ogimage            # rewrites spa/public/og-verde.png
//
// The test beside it fails when the checked-in image is not what this draws.
package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"os"
	"path/filepath"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"github.com/verde-app/verde/shared/domain"
)

// Path is where the image goes, from the repository's root.
var Path = filepath.Join("spa", "public", "og-verde.png")

var (
	green     = color.RGBA{0x2f, 0x7d, 0x32, 0xff} // the theme colour (spa/index.html)
	darkGreen = color.RGBA{0x1b, 0x5e, 0x20, 0xff}
	leaf      = color.RGBA{0xc8, 0xe6, 0xc9, 0xff} // the favicon's leaf
	white     = color.RGBA{0xff, 0xff, 0xff, 0xff}
	paleGreen = color.RGBA{0xe8, 0xf5, 0xe9, 0xff}
	mark      = color.RGBA{0x54, 0x94, 0x57, 0xff} // white at 18% over green: the boot bar's mark
)

// The words, on two lines after the name.
const (
	title    = "Verde"
	tagline  = "Hortas comunitárias,"
	tagline2 = "do plantio à colheita"
)

func main() {
	out, err := Draw()
	if err == nil {
		err = os.WriteFile(Path, out, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "ogimage:", err)
		os.Exit(1)
	}
	fmt.Printf("wrote %s (%d bytes)\n", Path, len(out))
}

// Draw is the image, PNG-encoded.
func Draw() ([]byte, error) {
	w, h := domain.PreviewDefaultWidth, domain.PreviewDefaultHeight
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(green), image.Point{}, draw.Src)
	// A darker band along the bottom, like the ground under the beds.
	draw.Draw(img, image.Rect(0, h-36, w, h), image.NewUniform(darkGreen), image.Point{}, draw.Src)

	// The mark: the favicon's 24-unit drawing, 12.5 times, in a rounded square.
	const size, left, top = 300.0, 110.0, 147.0
	s := size / 24
	at := func(x, y float64) (float32, float32) { return float32(left + x*s), float32(top + y*s) }
	fill(img, mark, func(z *vector.Rasterizer) { roundedRect(z, left, top, size, size, 6*s) })
	fill(img, leaf, func(z *vector.Rasterizer) {
		z.MoveTo(at(6, 18))
		x1, y1 := at(6, 11)
		x2, y2 := at(10.5, 6)
		x3, y3 := at(18.5, 5)
		z.CubeTo(x1, y1, x2, y2, x3, y3)
		x1, y1 = at(17.5, 13.5)
		x2, y2 = at(12.5, 18)
		x3, y3 = at(6, 18)
		z.CubeTo(x1, y1, x2, y2, x3, y3)
		z.ClosePath()
	})
	// The vein: M6 18 c2.7-3.6 5.4-6.2 9-9, 1.5 units wide with round ends.
	fill(img, green, func(z *vector.Rasterizer) {
		p0, p1, p2, p3 := [2]float64{6, 18}, [2]float64{8.7, 14.4}, [2]float64{11.4, 11.8}, [2]float64{15, 9}
		for i := 0; i <= 200; i++ {
			t := float64(i) / 200
			u := 1 - t
			x := u*u*u*p0[0] + 3*u*u*t*p1[0] + 3*u*t*t*p2[0] + t*t*t*p3[0]
			y := u*u*u*p0[1] + 3*u*u*t*p1[1] + 3*u*t*t*p2[1] + t*t*t*p3[1]
			circle(z, left+x*s, top+y*s, 0.75*s)
		}
	})

	bold, err := face(gobold.TTF, 150)
	if err != nil {
		return nil, err
	}
	regular, err := face(goregular.TTF, 50)
	if err != nil {
		return nil, err
	}
	text(img, bold, white, 470, 300, title)
	text(img, regular, paleGreen, 476, 390, tagline)
	text(img, regular, paleGreen, 476, 454, tagline2)

	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// fill paints what path draws in c, anti-aliased.
func fill(img *image.RGBA, c color.RGBA, path func(*vector.Rasterizer)) {
	b := img.Bounds()
	z := vector.NewRasterizer(b.Dx(), b.Dy())
	path(z)
	z.Draw(img, b, image.NewUniform(c), image.Point{})
}

// roundedRect adds a w × h rectangle at (x, y) with corners of radius r (cubic arcs).
func roundedRect(z *vector.Rasterizer, x, y, w, h, r float64) {
	k := r * 0.5523 // a quarter circle's control distance
	p := func(a, b float64) (float32, float32) { return float32(a), float32(b) }
	z.MoveTo(p(x+r, y))
	z.LineTo(p(x+w-r, y))
	cube(z, x+w-r+k, y, x+w, y+r-k, x+w, y+r)
	z.LineTo(p(x+w, y+h-r))
	cube(z, x+w, y+h-r+k, x+w-r+k, y+h, x+w-r, y+h)
	z.LineTo(p(x+r, y+h))
	cube(z, x+r-k, y+h, x, y+h-r+k, x, y+h-r)
	z.LineTo(p(x, y+r))
	cube(z, x, y+r-k, x+r-k, y, x+r, y)
	z.ClosePath()
}

func cube(z *vector.Rasterizer, x1, y1, x2, y2, x3, y3 float64) {
	z.CubeTo(float32(x1), float32(y1), float32(x2), float32(y2), float32(x3), float32(y3))
}

// circle adds a circle of radius r at (cx, cy), as a 32-sided polygon.
func circle(z *vector.Rasterizer, cx, cy, r float64) {
	const n = 32
	for i := 0; i <= n; i++ {
		a := 2 * math.Pi * float64(i) / n
		x, y := float32(cx+r*math.Cos(a)), float32(cy+r*math.Sin(a))
		if i == 0 {
			z.MoveTo(x, y)
		} else {
			z.LineTo(x, y)
		}
	}
	z.ClosePath()
}

func face(ttf []byte, size float64) (font.Face, error) {
	f, err := opentype.Parse(ttf)
	if err != nil {
		return nil, err
	}
	return opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
}

// text writes s with its baseline's start at (x, y).
func text(img *image.RGBA, f font.Face, c color.RGBA, x, y int, s string) {
	d := font.Drawer{Dst: img, Src: image.NewUniform(c), Face: f, Dot: fixed.P(x, y)}
	d.DrawString(s)
}

package photoproc

import "image"

// rotated reports whether orientation o (EXIF 1–8) swaps width and height.
func rotated(o int) bool { return o >= 5 && o <= 8 }

// orient returns src as it is meant to be seen under EXIF orientation o: the flips and quarter
// turns the tag describes (1 is src itself).
func orient(src *image.RGBA, o int) *image.RGBA {
	if o <= 1 || o > 8 {
		return src
	}
	sw, sh := src.Rect.Dx(), src.Rect.Dy()
	ow, oh := sw, sh
	if rotated(o) {
		ow, oh = sh, sw
	}
	dst := image.NewRGBA(image.Rect(0, 0, ow, oh))
	for y := 0; y < oh; y++ {
		for x := 0; x < ow; x++ {
			var sx, sy int
			switch o {
			case 2:
				sx, sy = sw-1-x, y
			case 3:
				sx, sy = sw-1-x, sh-1-y
			case 4:
				sx, sy = x, sh-1-y
			case 5:
				sx, sy = y, x
			case 6:
				sx, sy = y, sh-1-x
			case 7:
				sx, sy = sw-1-y, sh-1-x
			case 8:
				sx, sy = sw-1-y, x
			}
			s := src.PixOffset(src.Rect.Min.X+sx, src.Rect.Min.Y+sy)
			d := dst.PixOffset(x, y)
			copy(dst.Pix[d:d+4], src.Pix[s:s+4])
		}
	}
	return dst
}

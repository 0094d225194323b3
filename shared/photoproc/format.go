package photoproc

import (
	"bytes"
	"encoding/binary"
	"errors"
)

// The container walkers: where an image's own bytes end (anything after that is another file
// riding along, a polyglot, refused) and its EXIF block, for the orientation. They read only
// the structure (segment and chunk lengths), never the pixels: decoding is the maintained
// decoders' job (image/jpeg, image/png, golang.org/x/image/webp).

type format int

const (
	formatUnknown format = iota
	formatJPEG
	formatPNG
	formatWebP
)

func (f format) String() string {
	return [...]string{"unknown", "jpeg", "png", "webp"}[f]
}

var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// sniff tells the format from the first bytes.
func sniff(b []byte) format {
	switch {
	case len(b) >= 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF:
		return formatJPEG
	case bytes.HasPrefix(b, pngSignature):
		return formatPNG
	case len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WEBP":
		return formatWebP
	}
	return formatUnknown
}

var errStructure = errors.New("broken container structure")

// layout is what the walkers find: the offset just past the image's last byte, and its EXIF
// payload (a TIFF structure), if any.
type layout struct {
	end  int
	exif []byte
}

func walk(f format, b []byte) (layout, error) {
	switch f {
	case formatJPEG:
		return walkJPEG(b)
	case formatPNG:
		return walkPNG(b)
	case formatWebP:
		return walkWebP(b)
	}
	return layout{}, errStructure
}

// walkJPEG follows the markers from SOI to EOI, skipping each segment by its length and each
// scan's entropy-coded data up to the next marker that is not a stuffed byte or a restart.
func walkJPEG(b []byte) (layout, error) {
	var l layout
	i := 2
	for {
		if i >= len(b) || b[i] != 0xFF {
			return l, errStructure
		}
		for i < len(b) && b[i] == 0xFF {
			i++
		}
		if i >= len(b) {
			return l, errStructure
		}
		m := b[i]
		i++
		switch {
		case m == 0xD9: // EOI
			l.end = i
			return l, nil
		case m >= 0xD0 && m <= 0xD7, m == 0x01: // standalone markers
			continue
		}
		if i+2 > len(b) {
			return l, errStructure
		}
		n := int(binary.BigEndian.Uint16(b[i:]))
		if n < 2 || i+n > len(b) {
			return l, errStructure
		}
		if m == 0xE1 && l.exif == nil && bytes.HasPrefix(b[i+2:i+n], []byte("Exif\x00\x00")) {
			l.exif = b[i+2+6 : i+n]
		}
		i += n
		if m == 0xDA { // SOS: the scan's data runs to the next real marker
			for i < len(b) {
				if b[i] == 0xFF && i+1 < len(b) {
					if next := b[i+1]; next != 0x00 && (next < 0xD0 || next > 0xD7) && next != 0xFF {
						break
					}
				}
				i++
			}
		}
	}
}

// walkPNG follows the chunks (length, type, data, CRC) from the signature to IEND.
func walkPNG(b []byte) (layout, error) {
	var l layout
	i := len(pngSignature)
	for {
		if i+12 > len(b) {
			return l, errStructure
		}
		n := int(binary.BigEndian.Uint32(b[i:]))
		typ := string(b[i+4 : i+8])
		if n < 0 || n > len(b)-i-12 {
			return l, errStructure
		}
		if typ == "eXIf" && l.exif == nil {
			l.exif = b[i+8 : i+8+n]
		}
		i += 12 + n
		if typ == "IEND" {
			l.end = i
			return l, nil
		}
	}
}

// walkWebP reads the RIFF header's length and the chunks inside it (an EXIF chunk only in the
// extended format).
func walkWebP(b []byte) (layout, error) {
	var l layout
	size := int(binary.LittleEndian.Uint32(b[4:8]))
	end := 8 + size + size%2
	if size < 4 || end > len(b) && 8+size != len(b) {
		return l, errStructure
	}
	l.end = min(end, len(b))
	for i := 12; i+8 <= l.end; {
		n := int(binary.LittleEndian.Uint32(b[i+4:]))
		if n < 0 || n > l.end-i-8 {
			return l, errStructure
		}
		if string(b[i:i+4]) == "EXIF" && l.exif == nil {
			l.exif = bytes.TrimPrefix(b[i+8:i+8+n], []byte("Exif\x00\x00"))
		}
		i += 8 + n + n%2
	}
	return l, nil
}

// orientation reads the EXIF Orientation tag (0x0112) of IFD0 in a TIFF structure: 1 (as
// stored) to 8; 1 when absent or unreadable.
func orientation(tiff []byte) int {
	if len(tiff) < 8 {
		return 1
	}
	var bo binary.ByteOrder
	switch string(tiff[:2]) {
	case "II":
		bo = binary.LittleEndian
	case "MM":
		bo = binary.BigEndian
	default:
		return 1
	}
	if bo.Uint16(tiff[2:]) != 42 {
		return 1
	}
	ifd := int(bo.Uint32(tiff[4:]))
	if ifd < 8 || ifd+2 > len(tiff) {
		return 1
	}
	n := int(bo.Uint16(tiff[ifd:]))
	for e := 0; e < n; e++ {
		p := ifd + 2 + 12*e
		if p+12 > len(tiff) {
			return 1
		}
		if bo.Uint16(tiff[p:]) != 0x0112 {
			continue
		}
		if bo.Uint16(tiff[p+2:]) != 3 { // SHORT
			return 1
		}
		if v := int(bo.Uint16(tiff[p+8:])); v >= 1 && v <= 8 {
			return v
		}
		return 1
	}
	return 1
}

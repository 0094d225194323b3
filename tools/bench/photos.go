package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/verde-app/verde/infra/testkit/testphoto"
	"github.com/verde-app/verde/shared/photoproc"
)

// printPhotos is the photos block: the processor on a phone's 12-megapixel JPEG, and the bytes
// of photos a 360 px phone downloads for a /feed of 10 photo posts (photos.mjs, in Chromium
// against the local cloud).
func printPhotos() {
	fmt.Println()
	fmt.Println("Photos: the processor (PhotosFunction's code, in this process) on a 4032×3024 camera-like JPEG; bytes stored per photo; /feed of 10 photo posts on a 360 px phone (Chromium, local cloud)")
	orig, err := testphoto.CameraJPEG(4032, 3024, 1)
	if err != nil {
		fmt.Println("  photo:", err)
		return
	}
	start := time.Now()
	photoproc.StartEncoder()
	encoder := time.Since(start)
	var runs []time.Duration
	var stored int
	var sizes []string
	for i := 0; i < 4; i++ {
		t := time.Now()
		vs, err := photoproc.Process(orig)
		if err != nil {
			fmt.Println("  process:", err)
			return
		}
		runs = append(runs, time.Since(t))
		stored, sizes = 0, nil
		for _, v := range vs {
			stored += len(v.Data)
			sizes = append(sizes, fmt.Sprintf("%d×%d %.1f kB", v.Size.W, v.Size.H, float64(len(v.Data))/1000))
		}
	}
	warm := slices.Clone(runs[1:])
	slices.Sort(warm)
	fmt.Printf("  encoder start (WebAssembly compile, once per container)  %6.0f ms\n", ms(encoder))
	fmt.Printf("  12 MP JPEG (%.2f MB): first %6.0f ms, then median %6.0f ms (decode, turn, resize, a WebP encode per variant)\n",
		float64(len(orig))/1e6, ms(runs[0]), ms(warm[len(warm)/2]))
	fmt.Printf("  stored per photo: %.1f kB (%s); the upload itself is not kept\n", float64(stored)/1000, strings.Join(sizes, ", "))

	out, err := run(filepath.Join(*root, "tools", "bench"), nil, "node", "photos.mjs")
	if err != nil {
		fmt.Println("  feed:", err, lastLine(out))
		return
	}
	var feed []struct {
		DPR    float64 `json:"dpr"`
		Photos int     `json:"photos"`
		Bytes  int     `json:"bytes"`
		Widest int     `json:"widest"`
	}
	if err := json.Unmarshal([]byte(lastLine(out)), &feed); err != nil {
		fmt.Println("  feed:", err, lastLine(out))
		return
	}
	for _, f := range feed {
		fmt.Printf("  /feed, 10 photo posts, 360 px at %.0fx: %d photos, %.1f kB of images (widest variant %d px; target 400 kB)\n",
			f.DPR, f.Photos, float64(f.Bytes)/1000, f.Widest)
	}
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

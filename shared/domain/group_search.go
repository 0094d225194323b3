package domain

import "strings"

// Directory search by word: a public group is found by any word of its name
// or city from the word's start, accent- and case-insensitively ("mariana",
// "vila mar", "comunitaria" all find "Horta Comunitária Vila Mariana").

// MinSearchWord is the shortest word the word index holds (and the length of
// the index partition's prefix): shorter query words only narrow a search.
const MinSearchWord = 3

// MaxSearchWords bounds a group's index items, so its writes stay small
// transactions (a rename deletes and puts at most this many).
const MaxSearchWords = 24

// SearchWords are the distinct words of a group's name and city, folded with
// SearchKey, that the directory indexes: at least MinSearchWord characters,
// name words first, at most MaxSearchWords.
func SearchWords(nome, cidade string) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range strings.Fields(SearchKey(nome) + " " + SearchKey(cidade)) {
		if Length(w) < MinSearchWord || seen[w] || len(out) == MaxSearchWords {
			continue
		}
		seen[w] = true
		out = append(out, w)
	}
	return out
}

// SearchText is every word of name and city, each after a space, so that
// "contains ' vila'" means "a word starts with vila".
func SearchText(nome, cidade string) string {
	return " " + strings.TrimSpace(SearchKey(nome)+" "+SearchKey(cidade))
}

// SearchPrefix is the index partition of a word: its first MinSearchWord characters.
func SearchPrefix(word string) string {
	r := []rune(word)
	if len(r) > MinSearchWord {
		r = r[:MinSearchWord]
	}
	return string(r)
}

// QueryWords splits a folded query into its words, longest first (the
// longest narrows the index read the most; the others filter it).
func QueryWords(q string) []string {
	words := strings.Fields(q)
	// stable: longest first, then in the order typed
	for i := 1; i < len(words); i++ {
		for j := i; j > 0 && Length(words[j]) > Length(words[j-1]); j-- {
			words[j], words[j-1] = words[j-1], words[j]
		}
	}
	return words
}

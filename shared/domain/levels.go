package domain

// Level n starts at 50·n·(n−1) points: 2 at 100, 3 at 300, 4 at 600, 5 at 1000 …
func LevelFor(points int) int {
	if points < 0 {
		points = 0
	}
	n := 1
	for LevelThreshold(n+1) <= points {
		n++
	}
	return n
}

// LevelThreshold is the total of points at which level n starts.
func LevelThreshold(n int) int {
	if n <= 1 {
		return 0
	}
	return 50 * n * (n - 1)
}

var levelNames = []string{
	"Semente", "Broto", "Muda", "Planta Jovem", "Planta Adulta",
	"Florescendo", "Frutificando", "Colhedor", "Mestre da Horta", "Guardião do Verde",
}

// LevelName names level n; levels past the tenth keep the last name.
func LevelName(n int) string {
	if n < 1 {
		n = 1
	}
	if n > len(levelNames) {
		n = len(levelNames)
	}
	return levelNames[n-1]
}

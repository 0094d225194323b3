package routes

// Figure is one printed line (tools/bench reads the JSON).
type Figure struct {
	Method    string         `json:"method"`
	Route     string         `json:"route"`
	Query     string         `json:"query"`
	Calls     int            `json:"calls"`
	ByOp      map[string]int `json:"byOp"`
	RCU       float64        `json:"rcu"`
	WCU       float64        `json:"wcu"`
	CPUMs     float64        `json:"cpuMs"`
	Bytes     int            `json:"bytes"`
	GzipBytes int            `json:"gzipBytes"`
	Status    int            `json:"status"`
	Create    bool           `json:"create"`
}

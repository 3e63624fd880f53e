{
  "title": "__Title__",
  "figures": {
    "processes": "Prozesse",
    "memoryBytes": "Arbeitsspeicher",
    "cpuPercent": "CPU (eines Kerns)"
  }
}

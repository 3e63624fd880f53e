{
  "title": "__Title__",
  "figures": {
    "processes": "Processes",
    "memoryBytes": "Memory",
    "cpuPercent": "CPU (of one core)"
  }
}

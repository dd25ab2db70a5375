[sdtkit] [    sdtkit] [sdtkit    ] [sdt] [sd      ]
[]


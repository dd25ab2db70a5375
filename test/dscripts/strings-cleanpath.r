[/baz/] [foo/bar/baz/]
[/foo/bar/baz/]
[/] [/.]

  /a/c                                                              2

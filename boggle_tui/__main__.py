from boggle_tui.cli import main

raise SystemExit(main())

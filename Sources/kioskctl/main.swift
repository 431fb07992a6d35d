import KioskctlCommand

KioskctlProgram.main()

import KioskUinputCommand

UinputProgram.main()

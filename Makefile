# KioskKit: `make demo` runs the demo, `make test` runs every test. Both first install the
# Debian packages the build needs (only those missing), so a fresh Debian machine needs
# nothing else.

SWIFT ?= swift
PREFIX ?= /usr/local
DEMO_OUTPUT ?= out/demo
# Run apt-get through sudo unless we are root already.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Build: pkg-config and the -dev packages of pixman, cairo, pango/fontconfig, TurboJPEG, libdrm,
# libudev, libinput and xkbcommon; libseat (devices through logind or seatd as an
# unprivileged user) and libsystemd (sd_notify: READY, WATCHDOG, STOPPING for Type=notify).
# Run: the fonts the demo, the goldens and the benchmark are drawn with; xkb-data, the
# keyboard layouts xkbcommon compiles keymaps from.
DEB_PACKAGES := pkg-config libpixman-1-dev libcairo2-dev libpango1.0-dev libfontconfig-dev \
	libturbojpeg0-dev libdrm-dev libudev-dev libinput-dev libxkbcommon-dev xkb-data \
	libseat-dev libsystemd-dev \
	fonts-dejavu-core fonts-noto-cjk
# Test only: QEMU, Debian's kernel and a static busybox for the tests on a real kernel.
# (udev: udevd and udevadm for the hotplug tests; python3: unpacking the kernel image.)
DEB_TEST_PACKAGES := qemu-system-x86 linux-image-amd64 busybox-static udev python3

.PHONY: all deps test-deps install-packages build demo test bench install format lint clean

all: build

deps:
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(DEB_PACKAGES)"

test-deps: deps
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(DEB_TEST_PACKAGES)"

# Installs whichever of $(PACKAGES) are missing, and nothing else.
install-packages:
	@missing=""; \
	for package in $(PACKAGES); do \
		dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "ok installed" \
			|| missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:$$missing"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	$(SWIFT) build

# The demo on the virtual framebuffer (no display here), one PNG per screen in $(DEMO_OUTPUT).
demo: deps
	$(SWIFT) build -c release --product kiosk-demo
	rm -rf $(DEMO_OUTPUT)
	.build/release/kiosk-demo --backend auto --output $(DEMO_OUTPUT)
	@echo "Demo screens written to $(DEMO_OUTPUT)/"

# Unit tests, golden-image tests on the virtual framebuffer, and the DRM backend on a real
# kernel in QEMU. The QEMU tests run on their own afterwards: each VM needs a whole core,
# and sharing the two with hundreds of parallel unit tests only makes their timing noisy.
test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip RealKernel
	$(SWIFT) test --skip-build --filter RealKernel

bench: deps
	$(SWIFT) build -c release --product kiosk-bench
	.build/release/kiosk-bench

# The executables into $(PREFIX)/bin, the demo's storyboard and its images into
# $(PREFIX)/share/kioskkit (where an installed kiosk-demo looks for them).
install: deps
	$(SWIFT) build -c release --product kiosk-demo
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/kioskkit/kiosk-demo
	install -m 755 .build/release/kiosk-demo $(DESTDIR)$(PREFIX)/bin/
	install -m 644 config/kiosk-demo.storyboard.json $(DESTDIR)$(PREFIX)/share/kioskkit/
	install -m 644 config/kiosk-demo/*.png $(DESTDIR)$(PREFIX)/share/kioskkit/kiosk-demo/

format:
	$(SWIFT) format format --in-place --recursive --parallel Package.swift Sources Tests

lint:
	$(SWIFT) format lint --strict --recursive --parallel Package.swift Sources Tests

clean:
	rm -rf .build out

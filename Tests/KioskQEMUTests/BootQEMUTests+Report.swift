// The script the boot test's own unit runs in the guest, in named parts.
extension RealKernel.BootQEMUTests {
  /// Runs in the guest once systemd is up, on the serial console: what `guest` checks, in
  /// the order the host waits for it (`run(on:)`).
  static func report(_ guest: BootGuest) -> String {
    #"""
    #!/bin/sh
    # systemd 257 (trixie) resets the terminal before the unit's first line: the escape
    # sequences end on this empty line, not in front of a line the host looks for.
    echo
    up() { cut -d' ' -f1 /proc/uptime; }
    \#(installedFiles)
    \#(unitReady(guest))
    \#(telemetry(guest))
    \#(bootInfo)
    read -r go
    \#(guest.checksVTSwitch ? vtSwitch : "")
    \#(guest.checksTouch ? touchWithoutTour : "")
    pid=$(systemctl show -p MainPID --value kiosk.service)
    # Restarts so far: none unless the app died (or hung) on its own.
    before=$(systemctl show -p NRestarts --value kiosk.service)
    kill -STOP "$pid"
    echo "BOOT STOPPED $pid $(up) restarts=$before"
    while :; do
      now=$(systemctl show -p MainPID --value kiosk.service)
      [ "$now" != "$pid" ] && [ "$now" != 0 ] && [ "$(systemctl is-active kiosk.service)" = active ] && break
      sleep 0.2
    done
    echo "BOOT RESTARTED $(up) restarts=$(systemctl show -p NRestarts --value kiosk.service)"
    \#(guest.checksTouch ? taps : "")
    systemctl stop kiosk.service
    echo "BOOT STOP result=$(systemctl show -p Result --value kiosk.service) status=$(systemctl show -p ExecMainStatus --value kiosk.service) $(up)"
    # What a start of the app costs before it does anything (loading its libraries).
    for run in 1 2; do
      before=$(up)
      /usr/bin/kiosk-demo --check-config /etc/kiosk/kiosk.toml >/dev/null 2>&1
      echo "BOOT| kiosk-demo --check-config: $before → $(up)"
    done
    LD_DEBUG=statistics /usr/bin/kiosk-demo --check-config /etc/kiosk/kiosk.toml 2>&1 \
      | grep -E "total startup|relocation processing|number of relocations:" | info
    echo "BOOT INFO END"
    echo "VMTEST_EXIT=0"
    systemctl poweroff --force --force
    """#
  }

  /// What the package installed: every library found, none from the toolchain's folder
  /// (given as $1 when the guest runs on the host's root; a root folder has no
  /// toolchain), the version of each tool, the manual pages and the completions.
  static let installedFiles = #"""
    # What the package installed: every library found, none from the toolchain's folder
    # (given as $1 when the guest runs on the host's root; a root folder has no
    # toolchain), and the version of each tool.
    for tool in kiosk-demo kioskctl kiosk-uinput; do
      libraries=$(ldd /usr/bin/$tool 2>&1)
      toolchain=0
      [ -n "$1" ] && toolchain=$(echo "$libraries" | grep -c "$1")
      echo "BOOT LDD $tool missing=$(echo "$libraries" | grep -c 'not found')" \
        "toolchain=$toolchain" \
        "libraries=$(echo "$libraries" | wc -l) version=$(/usr/bin/$tool --version 2>&1)"
    done
    # The manual pages the unit's Documentation= names, and the completions.
    missing=""
    for file in man/man1/kiosk-demo.1.gz man/man1/kioskctl.1.gz man/man1/kiosk-uinput.1.gz \
        man/man5/kiosk.toml.5.gz bash-completion/completions/kioskctl \
        zsh/vendor-completions/_kioskctl fish/vendor_completions.d/kioskctl.fish; do
      [ -s /usr/share/$file ] || missing="$missing $file"
    done
    echo "BOOT DOCS missing:${missing:- none} documentation=$(systemctl show -p Documentation --value kiosk.service)"
    """#

  /// Waits for kiosk.service to be active (or failed, or too slow), then says READY.
  static func unitReady(_ guest: BootGuest) -> String {
    #"""
    tries=0
    until [ "$(systemctl is-active kiosk.service)" = active ]; do
      tries=$((tries + 1))
      if [ "$(systemctl is-failed kiosk.service)" = failed ] || [ $tries -gt \#(guest.slowness * 600) ]; then
        echo "BOOT FAILED $(up) $(systemctl is-active kiosk.service)"
        journalctl -b -u kiosk.service --no-pager -o cat | tail -25
        break
      fi
      sleep 0.2
    done
    status() { systemctl show -p StatusText --value kiosk.service; }
    echo "BOOT READY $(up) $(status)"
    """#
  }

  /// Telemetry, kioskctl status, the memory limits and the app's folders.
  static func telemetry(_ guest: BootGuest) -> String {
    #"""
    # Telemetry from the unit as installed: kioskctl metrics through the socket (the host
    # checks them with promtool: a Go binary read over 9p takes half a minute to start
    # here), and the textfile the drop-in asked for, through the unit's sandbox.
    kioskctl metrics > /run/metrics.txt 2>&1
    textfile=/var/lib/prometheus/node-exporter/kiosk.prom
    tries=0
    until [ -s $textfile ] || [ $tries -gt \#(guest.slowness * 50) ]; do tries=$((tries + 1)); sleep 0.2; done
    sed 's/^/BOOT M| /' /run/metrics.txt
    echo "BOOT METRICS samples=$(grep -c '^kiosk_' /run/metrics.txt)" \
      "textfile=$(stat -c '%a %U' $textfile 2>&1) textfile-samples=$(grep -c '^kiosk_' $textfile 2>&1)"
    # kioskctl status through the control socket, on one line.
    kioskctl status > /run/status.txt 2>&1
    echo "BOOT STATUS exit=$? | $(tr '\n' '|' < /run/status.txt | sed 's/|/ | /g')"
    # The unit's memory limits, on the slice over the app's session scope.
    main=$(systemctl show -p MainPID --value kiosk.service)
    scope=$(cut -d: -f3 /proc/$main/cgroup)
    slice=/sys/fs/cgroup$(dirname "$scope")
    echo "BOOT LIMITS $scope high=$(cat $slice/memory.high) max=$(cat $slice/memory.max)"
    # The app's own folders (StateDirectory=, CacheDirectory=): the service user's, and
    # named to the app in its environment.
    appenv=$(tr '\0' '\n' < /proc/$main/environ | grep -E '^(STATE|CACHE)_DIRECTORY=' | sort | tr '\n' ' ')
    echo "BOOT FOLDERS $(stat -c '%n %U %a' /var/lib/kiosk /var/cache/kiosk | tr '\n' ' ')$appenv"
    """#
  }

  /// Where the boot went: systemd's chain, the app's start to READY, its log.
  static let bootInfo = #"""
    # Where the boot went: systemd's totals, what kiosk.service waited for, the slowest
    # units, the app's own start to READY (µs, monotonic) and its log (the seat backend).
    export SYSTEMD_COLORS=0 SYSTEMD_PAGER=
    info() { sed 's/^/BOOT| /'; }
    # (Not systemd-analyze's totals or blame: they need the whole boot finished, which
    # takes a minute more under TCG than the kiosk's own chain.)
    systemd-analyze critical-chain kiosk.service 2>&1 | info
    systemctl show -p InactiveExitTimestampMonotonic -p ExecMainStartTimestampMonotonic \
      -p ActiveEnterTimestampMonotonic kiosk.service | info
    start=$(systemctl show -p ExecMainStartTimestampMonotonic --value kiosk.service)
    ready=$(systemctl show -p ActiveEnterTimestampMonotonic --value kiosk.service)
    echo "the app's start to READY: $(( (ready - start) / 1000 )) ms" | info
    sed 's/^/package: /' /var/log/kiosk-package.txt | info
    for unit in dev-dri-card0.device systemd-udev-trigger.service systemd-logind.service \
        systemd-user-sessions.service user@995.service; do
      echo "$unit active at $(systemctl show -p ActiveEnterTimestampMonotonic --value $unit)"
    done | info
    journalctl -b -o short-monotonic --no-pager | grep -E "kiosk|osk-demo|seat|memory:" | head -40 | info
    loginctl list-sessions --no-legend 2>&1 | info
    # pam_systemd moves the app into its session's scope: the unit's memory limits are
    # then not the ones it runs under.
    main=$(systemctl show -p MainPID --value kiosk.service)
    echo "app's cgroup $(cut -d: -f3 /proc/$main/cgroup); kiosk.service" \
      "$(systemctl show -p MemoryCurrent -p MemoryMax kiosk.service | tr '\n' ' ')" | info
    echo "BOOT INFO END"
    """#

  /// A VT switch: away to tty2 (the seat is disabled), then back (enabled, repainted).
  static let vtSwitch = #"""
    waitFor() {
      tries=0
      until status | grep -q "^$1"; do
        tries=$((tries + 1)); [ $tries -gt 150 ] && break
        sleep 0.2
      done
    }
    before=$(up)
    busybox chvt 2
    waitFor paused
    echo "BOOT AWAY $before $(up) $(status)"
    read -r go
    before=$(up)
    busybox chvt 1
    waitFor showing
    echo "BOOT BACK $before $(up) $(status)"
    journalctl -b -o short-monotonic --no-pager | grep -E "seat|Virtual-1" | tail -12 | info
    echo "BOOT INFO END"
    read -r go
    """#

  /// The taps need the app where a tap script expects it: the instance the watchdog starts
  /// next runs without the tour (which would otherwise have moved on).
  static let touchWithoutTour = #"""
    mkdir -p /run/systemd/system/kiosk.service.d
    printf '[Service]\nEnvironment=KIOSK_DEMO_TOUR=0\n' > /run/systemd/system/kiosk.service.d/50-no-tour.conf
    systemctl daemon-reload
    """#

  /// Touch on the panel: the package's kiosk-uinput makes a touchscreen and plays each tap
  /// script the host wrote (/etc/boot-tapN.txt) once the app has the device (its log
  /// says "input: added"), then the host looks at the screen.
  static let taps = #"""
    until [ "$(systemctl is-active kiosk.service)" = active ]; do sleep 0.2; done
    echo "BOOT READY AGAIN $(up) $(status)"
    # (The whole journal: the app logs from its session's scope, not from kiosk.service.)
    added() { journalctl -b -o cat --no-pager | grep -c 'input: added.*KioskKit virtual touchscreen'; }
    for tap in 1 2; do
      read -r go
      seen=$(added)
      kiosk-uinput --size 1024x600 --wait-for-signal /etc/boot-tap$tap.txt & injector=$!
      tries=0
      until [ "$(added)" -gt "$seen" ] || [ $tries -gt 300 ]; do tries=$((tries + 1)); sleep 0.2; done
      kill -USR1 $injector
      wait $injector
      echo "BOOT TAPPED $tap exit=$? $(up) devices-added=$(added)"
    done
    read -r go
    """#
}

# make bench: the profile that confines bench/lstatload in the guest.
# Compiled on the host by apparmor_parser, loaded by bench/init.sh; it
# attaches to /bin/lstatload when unconfined init runs it.
profile lstatload /bin/lstatload {
  /bin/lstatload mr,
  /dev/console rw,
  /proc/*/attr/current r,
  /tree/ r,
  /tree/** r,
}

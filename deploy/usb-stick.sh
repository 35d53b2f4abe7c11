#!/usr/bin/env bash
# Mount or unmount one USB stick partition for the Star Wars Monopoly companion appliance:
#
#   usb-stick mount sda1      mount /dev/sda1 at /media/$COMPANION_USER/<label> (the kernel name without a label)
#   usb-stick unmount sda1    unmount it again (also after the stick has been pulled out)
#
# Run by sw-monopoly-companion-usb@.service (deploy/install.sh installs it as <app dir>/bin/usb-stick). FAT and
# exFAT sticks (what most sticks come as) and NTFS ones are mounted as belonging to the app's user, so the app
# can write box profiles there; a Linux file system (ext4...) keeps its own owners. Nothing on a stick can be run
# (noexec, nosuid, nodev).
set -euo pipefail

RECORDS=${COMPANION_USB_RECORDS:-/run/sw-monopoly-companion-usb}
MEDIA=${COMPANION_USB_MEDIA:-/media}

die() {
  echo "usb-stick: $*" >&2
  exit 1
}

# A folder name from a stick's label: letters, digits, dot, dash and underscore; anything else becomes "_".
folder_name() {
  local name=${1//[^A-Za-z0-9._-]/_}
  [[ $name =~ ^[._]*$ ]] && name=""
  printf '%s' "$name"
}

mount_stick() {
  local kernel_name=$1 device fstype label base target uid gid options
  device=/dev/$kernel_name
  fstype=$(blkid -o value -s TYPE "$device") || die "$device has no file system that blkid recognises"
  label=$(blkid -o value -s LABEL "$device" || true)
  uid=$(id -u "$user") || die "no user $user"
  gid=$(id -g "$user")
  options=nosuid,nodev,noexec,noatime
  case $fstype in
    vfat) options+=",uid=$uid,gid=$gid,umask=0022,flush" ;;
    exfat) options+=",uid=$uid,gid=$gid,umask=0022" ;;
    ntfs | ntfs3)
      fstype=ntfs3
      options+=",uid=$uid,gid=$gid,umask=0022"
      ;;
    ext2 | ext3 | ext4 | btrfs | xfs) ;;
    *) die "$device: $fstype file systems are not mounted (use a FAT, exFAT, NTFS or ext4 stick)" ;;
  esac
  base=$MEDIA/$user
  label=$(folder_name "$label")
  target=$base/${label:-$kernel_name}
  if mountpoint -q "$target"; then
    target=$base/${label:-usb}-$kernel_name
  fi
  mkdir -p "$target" "$RECORDS"
  mount -t "$fstype" -o "$options" "$device" "$target" || {
    rmdir "$target" 2>/dev/null || true
    die "could not mount $device ($fstype) at $target"
  }
  printf '%s\n' "$target" >"$RECORDS/$kernel_name"
  echo "usb-stick: $device ($fstype) mounted at $target"
}

unmount_stick() {
  local kernel_name=$1 target
  [[ -f $RECORDS/$kernel_name ]] || exit 0
  target=$(<"$RECORDS/$kernel_name")
  # Lazy: the stick may already be gone, and the app may still have the folder open.
  umount -l "$target" 2>/dev/null || true
  rmdir "$target" 2>/dev/null || true
  rm -f "$RECORDS/$kernel_name"
  echo "usb-stick: $target unmounted"
}

(($# == 2)) || die "usage: usb-stick mount|unmount KERNEL_NAME (e.g. sda1)"
[[ $2 =~ ^[A-Za-z0-9]+$ ]] || die "not a kernel device name: $2"
user=${COMPANION_USER:?COMPANION_USER must name the app user}
case $1 in
  mount) mount_stick "$2" ;;
  unmount) unmount_stick "$2" ;;
  *) die "usage: usb-stick mount|unmount KERNEL_NAME" ;;
esac

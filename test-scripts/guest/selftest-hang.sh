#!/bin/sh
# A guest that never finishes: the boot runner must report it as hung.
echo "# sleeping forever"
while :; do sleep 60; done
